// The hall page: one tile per board, kept live by /events (server-sent
// events: every board when the stream opens, then what changed). Times tick
// here between messages: the running side's time is what its display showed
// when the message was sent, less the time since it arrived. Alerts can be
// clicked (to the board) and acknowledged (remembered by this browser); a
// new one can beep. ?wall=1 fits every board on one screen. The only thing the
// page asks of a clock is to identify itself (beep, show its board number).
"use strict";

const WORDS = {
  en: {
    title: "Hall", results: "Results", board: "Board", red: "Red", black: "Black", score: "Score",
    reason: "Reason", moves: "moves", period: "P", fouls: "F", paused: "paused", byoyomi: "B", overtime: "OT",
    upcount: "counting up", ing: (p, pts) => `Ing ${p} · −${pts} pt`,
    waiting: "not started", live: "live", down: "no connection to the hall's server, reconnecting",
    wall: "Wall", sortBoards: "By board", sortAlerts: "Alerts first", soundOn: "Sound on", soundOff: "Sound off",
    progress: (f, r, n) => `${f} finished · ${r} running · ${n} not started`,
    refused: (n) => `${n} refused (see the hall's log)`,
    acked: (n) => `${n} acknowledged`, ack: "OK", identify: "Identify", identifySent: "asked",
    flag: (b, s) => `Board ${b}: ${s}'s flag fell: enter the result`,
    late: (b, s, v) => `Board ${b}: ${s} late, ${clockText(v)} to forfeit`,
    foulsNear: (b, s, v, l) => `Board ${b}: ${s} has ${v} fouls (limit ${l})`,
    offer: (b, s) => `Board ${b}: ${s} offered a draw again (§9.1.3)`,
    low: (b, s) => `Board ${b}: ${s} under 10 s`,
    restored: (b) => `Board ${b}: power restored, clocks paused: check the times and resume`,
    battery: (b, v) => `Board ${b}: battery ${v}%`,
    fault: (b, v) => `Board ${b}: clock fault (${v})`,
    offline: (b) => `Board ${b}: offline`,
    other: "中文",
  },
  zh: {
    title: "赛场", results: "成绩", board: "台号", red: "红方", black: "黑方", score: "比分",
    reason: "原因", moves: "步", period: "阶段", fouls: "犯规", paused: "暂停", byoyomi: "读秒", overtime: "加时",
    upcount: "正计时", ing: (p, pts) => `应氏 ${p} · 罚${pts}点`,
    waiting: "未开始", live: "实时", down: "与赛场服务器的连接中断，正在重连",
    wall: "大屏", sortBoards: "按台号", sortAlerts: "警报优先", soundOn: "声音开", soundOff: "声音关",
    progress: (f, r, n) => `已结束 ${f} · 进行中 ${r} · 未开始 ${n}`,
    refused: (n) => `拒收 ${n} 条（见赛场日志）`,
    acked: (n) => `已确认 ${n}`, ack: "确认", identify: "识别", identifySent: "已发送",
    flag: (b, s) => `${b}号台：${s}超时，请录入结果`,
    late: (b, s, v) => `${b}号台：${s}迟到，距判负 ${clockText(v)}`,
    foulsNear: (b, s, v, l) => `${b}号台：${s}犯规 ${v} 次（上限 ${l}）`,
    offer: (b, s) => `${b}号台：${s}再次提和（§9.1.3）`,
    low: (b, s) => `${b}号台：${s}不足10秒`,
    restored: (b) => `${b}号台：断电恢复，计时暂停：请核对时间后继续`,
    battery: (b, v) => `${b}号台：电量低 ${v}%`,
    fault: (b, v) => `${b}号台：计时器故障 (${v})`,
    offline: (b) => `${b}号台：离线`,
    other: "English",
  },
};
const URGENT = ["flag", "offline", "low", "restored", "fault"];  // red, and first in the list
const ORDER = [...URGENT, "late", "fouls", "offer", "battery"];
let REASONS = {};  // result reason -> [English, Chinese], from the firmware's words (/words.json)
let FAULTS = [];  // [[bit, [English, Chinese]]]: the latched fault kinds a clock sends

const params = new URLSearchParams(location.search);
const stored = (key, fallback) => params.get(key) || localStorage.getItem("xqclock-" + key) || fallback;
let lang = WORDS[stored("lang", "en")] ? stored("lang", "en") : "en";
let wall = stored("wall", "0") === "1";
let sortAlerts = stored("sort", "boards") === "alerts";
let sound = stored("sound", "off") === "on";
let event = "";
let acked = new Set();  // "BOARD|alert id" the arbiter acknowledged (this browser, this event)
const boards = new Map();  // board -> {entry, at: performance.now() when it arrived, el}
const beeped = new Set();  // alerts already announced by a beep

function clockText(ms) {  // the clock's own reading: firmware/clock/durations.py time_text (tests compare)
  return readingText(ms, 20000);
}

function readingText(ms, tenthsBelow) {  // ... with tenths below the clock's setting (its "tenths")
  if (ms <= 0) return "0:00";
  const tenths = Math.ceil(ms / 100);
  if (tenths * 100 < tenthsBelow) return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  if (s >= 3600) return `${Math.floor(s / 3600) % 100}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function label(entry) {
  const n = entry.state && entry.state.board;
  return n ? String(n) : entry.board;
}

function playerName(side, state) {
  const names = (state && state.names) || {};
  return names[side] || "";
}

function sideName(side, state) {
  const w = WORDS[lang], name = playerName(side, state);
  return name ? `${w[side]} ${name}` : w[side];
}

function byBoard(a, b) {  // board numbers in order, then the clocks known only by their id
  const key = (x) => (/^\d+$/.test(x) ? [0, Number(x), ""] : [1, 0, x]);
  const [p, q] = [key(a), key(b)];
  return p[0] - q[0] || p[1] - q[1] || (p[2] < q[2] ? -1 : p[2] > q[2] ? 1 : 0);
}

function tile(board) {
  const t = el("div", "tile");
  t.id = "board-" + board;
  t.dataset.board = board;
  const head = el("div", "head");
  const refs = {number: el("span", "number"), info: el("span", "info"), result: el("div", "result"),
                identify: el("button", "identify")};
  refs.identify.type = "button";
  refs.identify.onclick = () => identify(board, refs.identify);
  head.append(refs.number, refs.info, refs.identify);
  t.append(head);
  for (const side of ["red", "black"]) {
    const r = refs[side] = {row: el("div", "side " + side), name: el("span", "name"), time: el("span", "time"),
                            info: el("div", "info " + side)};
    r.row.append(r.name, r.time);
    t.append(r.row, r.info);
  }
  t.append(refs.result);
  t.refs = refs;
  const main = document.getElementById("tiles");
  const after = [...main.children].find((c) => byBoard(c.dataset.board, board) > 0);
  main.insertBefore(t, after || null);
  return t;
}

function put(e, text) {  // the DOM is touched only when the text changes (500 tiles tick)
  if (e.textContent !== text) e.textContent = text;
}

function counting(x) {  // in an up-count: the display shows the time counted up, rising, with no flag
  return !!x.overtime && typeof x.upcount_ms === "number";
}

function shownMs(b, side) {  // what the side's display shows now
  const s = b.entry.state;
  const ran = s.running && !s.result && !s.paused ? performance.now() - b.at : 0;
  if (counting(s[side])) return s[side].upcount_ms + (s.running === side ? ran : 0);
  let ms = s.shown ? s.shown[side].ms : s[side].remaining_ms;
  if (s.running === side) ms -= ran;
  else if (s.hourglass && s.running) ms += ran;  // an hourglass: the waiting side gains what the mover uses
  return ms;
}

function sideInfo(x, shown) {  // moves, period and overtime as the clock's display puts them
  const w = WORDS[lang];
  const bits = [shown && shown.quota ? `${x.moves}/${shown.quota}` : `${x.moves} ${w.moves}`];
  if (x.period > 1 || (shown && shown.quota)) bits.unshift(`${w.period}${x.period}`);
  if (x.byoyomi_periods !== null && x.byoyomi_periods !== undefined) bits.push(`${w.byoyomi}${x.byoyomi_periods}`);
  if (shown && shown.block) bits.push(`${w.overtime} ${shown.block[0]}/${shown.block[1]}`);
  if (typeof x.ing_period === "number") bits.push(w.ing(x.ing_period, x.ing_points));
  if (counting(x)) bits.push(w.upcount);
  if (x.fouls) bits.push(`${w.fouls}${x.fouls}`);
  return bits.join(" · ");
}

function pending(entry) {  // the alerts not acknowledged
  return entry.alerts.filter((a) => !acked.has(entry.board + "|" + a.id));
}

function draw(board) {
  const b = boards.get(board);
  const w = WORDS[lang];
  const e = b.entry, s = e.state;
  const t = b.el || (b.el = tile(board));
  const refs = t.refs;
  put(refs.number, `${w.board} ${label(e)}`);
  refs.number.title = refs.number.textContent;
  put(refs.identify, w.identify);
  const open = pending(e);
  t.classList.toggle("alerting", open.length > 0);
  t.classList.toggle("offline", !e.online);
  t.style.order = sortAlerts && open.length ? "-1" : "";
  if (!s) return;
  t.classList.toggle("over", !!s.result);
  put(refs.info, s.result ? "" : s.paused ? w.paused : s.time_ms === 0 && !s.running ? w.waiting : "");
  for (const side of ["red", "black"]) {
    const r = refs[side];
    const x = s[side];
    r.row.classList.toggle("running", s.running === side && !s.result);
    r.row.classList.toggle("flag", !!x.flag);
    const name = sideName(side, s);  // on the wall the colour says the side: the name alone
    put(r.name, wall ? playerName(side, s) || w[side] : name);
    if (r.name.title !== name) r.name.title = name;  // the whole name, however long, on hover
    tick(b, side);
    put(r.info, sideInfo(x, s.shown && s.shown[side]));
  }
  const r = s.result;
  put(refs.result, r ? `${r.score} ${reasonText(r.reason)}` : "");
}

function tick(b, side) {
  const ms = shownMs(b, side), s = b.entry.state;
  const up = counting(s[side]);  // a count: whole seconds, as a stopwatch shows them, and no tenths
  put(b.el.refs[side].time, up ? "+" + readingText(Math.floor(ms / 1000) * 1000, 0)
                               : readingText(ms, typeof s.tenths === "number" ? s.tenths : 20000));
  b.el.refs[side].row.classList.toggle("low", !up && ms < 10000 && !s.result);
}

function reasonText(reason) {
  const words = REASONS[reason];
  return words ? words[lang === "zh" ? 1 : 0] : reason;
}

function alertText(entry, a) {
  const w = WORDS[lang], b = label(entry);
  const side = a.side ? sideName(a.side, entry.state) : "";
  switch (a.kind) {
    case "flag": return w.flag(b, side);
    case "late": return w.late(b, side, a.value);
    case "fouls": return w.foulsNear(b, side, a.value, a.limit);
    case "offer": return w.offer(b, side);
    case "low": return w.low(b, side);
    case "restored": return w.restored(b);
    case "battery": return w.battery(b, a.value);
    case "fault": return w.fault(b, FAULTS.filter(([bit]) => a.value & bit)
      .map(([, words]) => words[lang === "zh" ? 1 : 0]).join(", ") || a.value);
    case "offline": return w.offline(b);
  }
  return `${b}: ${a.kind}`;
}

function findBoard(board) {  // an alert clicked: its board's tile, in view and marked a moment
  const t = boards.get(board).el;
  t.scrollIntoView({block: "center", behavior: "instant"});
  t.classList.add("found");
  setTimeout(() => t.classList.remove("found"), 2500);
}

function acknowledge(board, id) {
  acked.add(board + "|" + id);
  localStorage.setItem("xqclock-acked-" + event, JSON.stringify([...acked]));
  draw(board);
  drawLists();
}

function drawLists() {
  const w = WORDS[lang];
  const list = [];
  let done = 0;
  const rows = document.querySelector("#results tbody");
  rows.replaceChildren();
  for (const board of [...listed].sort(byBoard)) {
    const b = boards.get(board);
    for (const a of b.entry.alerts) {
      if (acked.has(board + "|" + a.id)) done++;
      else list.push([board, b.entry, a]);
    }
    const s = b.entry.state;
    if (s && s.result) {
      const tr = el("tr");
      tr.dataset.board = board;
      for (const text of [label(b.entry), playerName("red", s), s.result.score, playerName("black", s),
                          reasonText(s.result.reason)]) tr.append(el("td", "", text));
      rows.append(tr);
    }
  }
  list.sort((p, q) => ORDER.indexOf(p[2].kind) - ORDER.indexOf(q[2].kind));  // stable: boards in order
  const alerts = document.getElementById("alerts");
  const chips = list.map(([board, entry, a]) => {
    const x = el("span", "alert " + a.kind + (URGENT.includes(a.kind) ? " urgent" : ""));
    x.dataset.board = board;
    x.dataset.id = a.id;
    x.append(el("span", "text", alertText(entry, a)));
    const ok = el("button", "ack", w.ack);
    ok.type = "button";
    ok.onclick = (ev) => { ev.stopPropagation(); acknowledge(board, a.id); };
    x.append(ok);
    x.onclick = () => findBoard(board);
    return x;
  });
  const count = document.getElementById("acked");
  put(count, done ? w.acked(done) : "");
  alerts.replaceChildren(...chips, count);
  if (sound && list.some(([board, , a]) => !beeped.has(board + "|" + a.id))) beep();
  for (const [board, , a] of list) beeped.add(board + "|" + a.id);
}

let audio = null;
function beep() {
  if (!audio) return;
  const o = audio.createOscillator(), g = audio.createGain();
  o.frequency.value = 880;
  g.gain.value = 0.2;
  o.connect(g).connect(audio.destination);
  o.start();
  o.stop(audio.currentTime + 0.25);
}

function identify(board, button) {
  fetch("/identify?board=" + encodeURIComponent(board), {method: "POST"}).then((r) => {
    put(button, r.ok ? WORDS[lang].identifySent : String(r.status));
    setTimeout(() => put(button, WORDS[lang].identify), 3000);
  });
}

function drawProgress() {
  let finished = 0, running = 0, waiting = 0;
  for (const b of boards.values()) {
    const s = b.entry.state;
    if (s && s.result) finished++;
    else if (s && (s.time_ms > 0 || s.running)) running++;
    else waiting++;
  }
  put(document.getElementById("progress"), WORDS[lang].progress(finished, running, waiting));
}

function drawHead(data) {
  const w = WORDS[lang];
  const broker = document.getElementById("broker");
  put(broker, data.broker.text);
  broker.className = "status" + (data.broker.up ? "" : " down");
  const refused = document.getElementById("refused");
  refused.hidden = !data.rejected;
  put(refused, w.refused(data.rejected));
}

function layout() {  // wall mode: the grid of tiles that fills the screen with every board
  const main = document.getElementById("tiles");
  if (!wall) return;
  const n = Math.max(boards.size, 1), gap = 4;
  const width = main.clientWidth - 2 * gap, height = main.clientHeight - 2 * gap;
  let best = null;
  for (let cols = 1; cols <= n; cols++) {  // the biggest tiles of a reading shape (about 1.4 : 1)
    const rows = Math.ceil(n / cols);
    const w = (width - (cols - 1) * gap) / cols, h = (height - (rows - 1) * gap) / rows;
    const size = Math.min(w / 1.4, h);
    if (!best || size > best.size) best = {size, cols, h};
  }
  main.style.setProperty("--cols", best.cols);
  main.style.setProperty("--tile-h", `${Math.floor(best.h)}px`);
  main.style.setProperty("--tile-font", `${Math.max(7, Math.min(20, best.h / 9)).toFixed(1)}px`);
}

function translate() {
  const w = WORDS[lang];
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = w[e.dataset.t];
  put(document.getElementById("lang"), w.other);
  put(document.getElementById("sort"), sortAlerts ? w.sortBoards : w.sortAlerts);
  put(document.getElementById("sound"), sound ? w.soundOff : w.soundOn);
  document.body.classList.toggle("wall", wall);
  for (const board of boards.keys()) draw(board);
  drawLists();
  drawProgress();
  layout();
}

let due = false, listsChanged = false;
const listed = new Set();  // boards with an alert or a result: the lists change only with them
function receive(message) {
  const data = JSON.parse(message.data);
  if (data.event !== event) {
    event = data.event;
    put(document.getElementById("event"), event);
    acked = new Set(JSON.parse(localStorage.getItem("xqclock-acked-" + event) || "[]"));
  }
  drawHead(data);
  const now = performance.now();
  let lists = false;
  const before = boards.size;
  for (const entry of data.boards) {
    const b = boards.get(entry.board) || {};
    b.entry = entry;
    b.at = now;
    boards.set(entry.board, b);
    draw(entry.board);
    const show = entry.alerts.length > 0 || !!(entry.state && entry.state.result);
    if (show || listed.has(entry.board)) lists = true;
    if (show) listed.add(entry.board); else listed.delete(entry.board);
  }
  if (boards.size !== before) layout();
  if (lists) listsChanged = true;
  if (data.boards.length && !due) {  // many messages a second: the lists are redrawn once a frame at most
    due = true;
    requestAnimationFrame(() => {
      due = false;
      drawProgress();
      if (listsChanged) drawLists();
      listsChanged = false;
    });
  }
  window.xqclockUpdates = (window.xqclockUpdates || 0) + 1;
  if (window.xqclockOnUpdate) window.xqclockOnUpdate(data);  // a probe (the hall benchmark)
}

function connect() {
  const status = document.getElementById("status");
  const source = new EventSource("/events");
  source.onmessage = receive;
  source.onopen = () => { put(status, WORDS[lang].live); status.className = "status"; };
  source.onerror = () => { put(status, WORDS[lang].down); status.className = "status down"; };
}

function toggle(button, change) {
  document.getElementById(button).onclick = () => { change(); translate(); };
}
toggle("lang", () => { lang = lang === "en" ? "zh" : "en"; localStorage.setItem("xqclock-lang", lang); });
toggle("wall", () => { wall = !wall; localStorage.setItem("xqclock-wall", wall ? "1" : "0"); });
toggle("sort", () => { sortAlerts = !sortAlerts; localStorage.setItem("xqclock-sort", sortAlerts ? "alerts" : "boards"); });
toggle("sound", () => {
  sound = !sound;
  localStorage.setItem("xqclock-sound", sound ? "on" : "off");
  if (sound && !audio) audio = new AudioContext();
});
if (sound) audio = new AudioContext();  // silent until the page is first clicked (browsers' rule)
document.addEventListener("click", () => audio && audio.resume());
window.addEventListener("resize", layout);

fetch("/words.json").then((r) => r.json()).then((words) => {
  REASONS = words.reasons;
  FAULTS = words.faults;
  translate();
});
translate();
connect();
setInterval(() => {  // the running clocks tick
  for (const b of boards.values()) {
    const s = b.entry.state;
    if (!(s && s.running && !s.result && b.el)) continue;
    tick(b, s.running);
    if (s.hourglass) tick(b, s.running === "red" ? "black" : "red");  // the waiting side's time rises
  }
}, 100);
