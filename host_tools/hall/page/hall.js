// The hall page: one tile per board, kept live by /events (server-sent
// events). Times tick here between messages: the running side's time is
// what the clock sent minus the time since it arrived. Read-only.
"use strict";

const WORDS = {
  en: {
    title: "Hall", results: "Results", board: "Board", red: "Red", black: "Black", score: "Score",
    reason: "Reason", moves: "moves", period: "period", fouls: "fouls", paused: "paused",
    waiting: "not started", live: "live", down: "connection lost, reconnecting",
    upcount: "counting up", ing: (p, pts) => `Ing ${p} · −${pts} pt`,
    flag: (b, s) => `Board ${b}: ${s}'s flag fell`,
    late: (b, s, v) => `Board ${b}: ${s} late, ${clock(v)} to forfeit`,
    foulsNear: (b, s, v, l) => `Board ${b}: ${s} has ${v} fouls (limit ${l})`,
    battery: (b, v) => `Board ${b}: battery ${v}%`,
    fault: (b, v) => `Board ${b}: clock fault (${v})`,
    offline: (b) => `Board ${b}: offline`,
    other: "中文",
  },
  zh: {
    title: "赛场", results: "成绩", board: "台号", red: "红方", black: "黑方", score: "比分",
    reason: "原因", moves: "步", period: "阶段", fouls: "犯规", paused: "暂停",
    waiting: "未开始", live: "实时", down: "连接中断，正在重连",
    upcount: "正计时", ing: (p, pts) => `应氏 ${p} · 罚${pts}点`,
    flag: (b, s) => `${b}号台：${s}超时`,
    late: (b, s, v) => `${b}号台：${s}迟到，距判负 ${clock(v)}`,
    foulsNear: (b, s, v, l) => `${b}号台：${s}犯规 ${v} 次（上限 ${l}）`,
    battery: (b, v) => `${b}号台：电量低 ${v}%`,
    fault: (b, v) => `${b}号台：计时器故障 (${v})`,
    offline: (b) => `${b}号台：离线`,
    other: "English",
  },
};
let REASONS = {};  // result reason -> [English, Chinese], from the firmware's words (/words.json)
let FAULTS = [];  // [[bit, [English, Chinese]]]: the latched fault kinds a clock sends

const params = new URLSearchParams(location.search);
let lang = params.get("lang") || localStorage.getItem("xqclock-lang") || "en";
if (!WORDS[lang]) lang = "en";
const boards = new Map();  // board -> {entry, at: performance.now() when it arrived, el}

function clock(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
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

function sideName(side, state) {
  const w = WORDS[lang];
  const names = (state && state.names) || {};
  return names[side] ? `${w[side]} ${names[side]}` : w[side];
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
  const refs = {number: el("span", "number"), info: el("span", "info"), result: el("div", "result")};
  head.append(refs.number, refs.info);
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

function counting(x) {  // in an up-count: the time counted up shows, rising, with no flag
  return !!x.overtime && typeof x.upcount_ms === "number";
}

function shownTime(b, side) {
  const s = b.entry.state, x = s[side];
  const ran = s.running && !s.result ? performance.now() - b.at : 0;
  if (counting(x)) {
    const s2 = Math.floor((x.upcount_ms + (s.running === side ? ran : 0)) / 1000);  // whole seconds, as a stopwatch
    return "+" + clock(s2 * 1000);
  }
  let ms = x.remaining_ms;
  if (s.running === side) ms -= ran;
  else if (s.hourglass && s.running) ms += ran;  // an hourglass: the waiting side gains what the mover uses
  return clock(ms);
}

function draw(board) {
  const b = boards.get(board);
  const w = WORDS[lang];
  const e = b.entry, s = e.state;
  const t = b.el || (b.el = tile(board));
  const refs = t.refs;
  put(refs.number, `${w.board} ${label(e)}`);
  t.classList.toggle("alerting", e.alerts.length > 0);
  t.classList.toggle("offline", !e.online);
  if (!s) return;
  t.classList.toggle("over", !!s.result);
  put(refs.info, s.result ? "" : s.paused ? w.paused : s.time_ms === 0 && !s.running ? w.waiting : "");
  for (const side of ["red", "black"]) {
    const r = refs[side];
    const x = s[side];
    r.row.classList.toggle("running", s.running === side && !s.result);
    r.row.classList.toggle("flag", !!x.flag);
    put(r.name, sideName(side, s));
    put(r.time, shownTime(b, side));
    const bits = [`${x.moves} ${w.moves}`];
    if (x.period > 1) bits.push(`${w.period} ${x.period}`);
    if (counting(x)) bits.push(w.upcount);
    if (typeof x.ing_period === "number") bits.push(w.ing(x.ing_period, x.ing_points));
    if (x.fouls) bits.push(`${w.fouls} ${x.fouls}`);
    put(r.info, bits.join(" · "));
  }
  const r = s.result;
  put(refs.result, r ? `${r.score} ${reasonText(r.reason)}` : "");
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
    case "battery": return w.battery(b, a.value);
    case "fault": return w.fault(b, FAULTS.filter(([bit]) => a.value & bit)
      .map(([, words]) => words[lang === "zh" ? 1 : 0]).join(", ") || a.value);
    case "offline": return w.offline(b);
  }
  return `${b}: ${a.kind}`;
}

function drawLists() {
  const alerts = document.getElementById("alerts");
  alerts.replaceChildren();
  const rows = document.querySelector("#results tbody");
  rows.replaceChildren();
  for (const board of [...listed].sort(byBoard)) {
    const b = boards.get(board);
    for (const a of b.entry.alerts) {
      const x = el("span", "alert " + a.kind, alertText(b.entry, a));
      x.dataset.board = board;
      alerts.append(x);
    }
    const s = b.entry.state;
    if (s && s.result) {
      const tr = el("tr");
      tr.dataset.board = board;
      const names = s.names || {};
      for (const text of [label(b.entry), names.red || "", s.result.score, names.black || "",
                          reasonText(s.result.reason)]) tr.append(el("td", "", text));
      rows.append(tr);
    }
  }
}

function translate() {
  const w = WORDS[lang];
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const e of document.querySelectorAll("[data-t]")) e.textContent = w[e.dataset.t];
  document.getElementById("lang").textContent = w.other;
  for (const board of boards.keys()) draw(board);
  drawLists();
}

let listsDue = false;
const listed = new Set();  // boards with an alert or a result: the lists change only with them
function receive(message) {
  const data = JSON.parse(message.data);
  put(document.getElementById("event"), data.event);
  const now = performance.now();
  let lists = false;
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
  if (lists && !listsDue) {  // many messages a second: the lists are redrawn once a frame at most
    listsDue = true;
    requestAnimationFrame(() => { listsDue = false; drawLists(); });
  }
  window.xqclockUpdates = (window.xqclockUpdates || 0) + 1;
  if (window.xqclockOnUpdate) window.xqclockOnUpdate(data);  // a probe (the hall benchmark)
}

function connect() {
  const status = document.getElementById("status");
  const source = new EventSource("/events");
  source.onmessage = receive;
  source.onopen = () => { status.textContent = WORDS[lang].live; status.className = "status"; };
  source.onerror = () => { status.textContent = WORDS[lang].down; status.className = "status down"; };
}

document.getElementById("lang").onclick = () => {
  lang = lang === "en" ? "zh" : "en";
  localStorage.setItem("xqclock-lang", lang);
  translate();
};

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
    put(b.el.refs[s.running].time, shownTime(b, s.running));
    if (s.hourglass) {  // the waiting side's time rises as the mover's falls
      const other = s.running === "red" ? "black" : "red";
      put(b.el.refs[other].time, shownTime(b, other));
    }
  }
}, 200);
