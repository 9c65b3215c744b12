"""The ruling as the arbiter reads it (text, in English or Chinese) and as
programs read it (JSON)."""
from host_tools.ruling import notation, rules, verdict
from host_tools.ruling.board import BLACK, RED, name
from host_tools.ruling.rules import value

SIDE = {"en": {RED: "Red", BLACK: "Black"}, "zh": {RED: "红方", BLACK: "黑方"}}
KIND = {"en": {rules.CHECK: "check (将)", rules.MATE_THREAT: "mate threat (杀)", rules.CHASE: "chase (捉)",
               rules.IDLE: "idle (闲)"},
        "zh": {rules.CHECK: "将", rules.MATE_THREAT: "杀", rules.CHASE: "捉", rules.IDLE: "闲"}}
ROOT = {"en": {"none": "no piece protects it (无根)",
               "false": "its root cannot really take back (假根, §28.16)",
               "short": "it is not protected enough: the exchange wins material (少根, §28.16)"},
        "zh": {"none": "无根", "false": "假根（形式上有根，实际保护不了，§28.16）",
               "short": "少根（交换后得子，§28.16）"}}
NOTE = {"en": {"rooted": "the {piece} on {sq} is protected ({roots}): taking it wins nothing",
               "king": "the king's own attack on the {piece} on {sq} is idle (§27.1)",
               "pawn": "the pawn's own attack on the {piece} on {sq} is idle (§27.2)",
               "mate": "taking the {piece} on {sq} would be answered by mate: idle (§29.4, 细则7)",
               "standing": "the threat to the {piece} on {sq} was there before this move: idle (细则6)"},
        "zh": {"rooted": "{sq}的{piece}有根（{roots}），吃了不得子",
               "king": "帅（将）本身叫吃{sq}的{piece}，按闲处理（§27.1）",
               "pawn": "兵（卒）本身叫吃{sq}的{piece}，按闲处理（§27.2）",
               "mate": "吃{sq}的{piece}后立即被将死，按闲处理（§29.4，细则7）",
               "standing": "{sq}的{piece}在这着之前已被捉（从捉到捉），按闲处理（细则6）"}}
VERDICT = {"en": {"loses": "{side} loses", "draw": "draw", "must-change": "{side} must change its moves"},
           "zh": {"loses": "{side}判负", "draw": "判和", "must-change": "{side}必须变着"}}
WORDS = {
    "en": {
        "game": "Game: {n} moves, all legal{start}.",
        "set": ", from a set position",
        "limit": "Natural move limit (§4.2.4, §23.3): {r} rounds without a capture {since}; the limit is {lim}.",
        "since_start": "since the start",
        "since_move": "since move {m} ({side}), the last capture",
        "claim": "  A claim by {side}: {c} rounds counted{checks}: {holds}.",
        "checks": " ({k} checks by {side}; at most 10 count)",
        "holds": "it holds, draw (§4.2.4)", "fails": "it does not hold",
        "false": "  A false claim is one foul for the claimant and 5 minutes added to the claimant's clock "
                 "(§23.3, §9.1.4): on the clock, the arbiter's menu does both in one action.",
        "norep": "Repetition: the position at the end has not stood three times (no pending position, §24).",
        "rep": "Repetition (§24): the position {when} has stood {k} times; the moves since then:",
        "when_start": "at the start", "when_move": "after move {m} ({side})",
        "forbidden": "  {side}: every move attacks ({what}): forbidden (禁止着法, §25.2).",
        "allowed": "  {side}: at least one idle move: allowed (允许着法, §25.2).",
        "verdict": "Verdict: {v} ({arts}).",
        "again": " If the cycle is repeated once more, {side} loses (§24.3, §4.1.7).",
        "clock": "On the clock: RESULT, {winner}, {reason}.",
        "mutual": "  Both sides attack at every move, so the pawns' attacks count as chases (§27.2, 细则11).",
        "chase": "the {by_piece} on {by} attacks the {piece} on {sq} (value {v}){via}: {root}",
        "via": " after the check {check}",
        "27.3": " (§27.3: if the move takes a key defensive point that makes a plain draw, attacking an "
                "advisor or elephant is idle; the arbiter judges)",
    },
    "zh": {
        "game": "对局：共{n}着，全部合法{start}。",
        "set": "，从排局开始",
        "limit": "自然限着（§4.2.4、§23.3）：{since}连续{r}个回合未吃子；限着为{lim}回合。",
        "since_start": "开局以来",
        "since_move": "第{m}着（{side}）吃子以来",
        "claim": "  {side}提出：计{c}个回合{checks}，{holds}。",
        "checks": "（{side}将军{k}着，最多计10着）",
        "holds": "属实，判和（§4.2.4）", "fails": "不属实",
        "false": "  提出不属实：判提出方犯规一次，并在其棋钟上加计5分钟（§23.3、§9.1.4）；"
                 "棋钟裁判菜单一次完成。",
        "norep": "循环：终局局面未出现三次，不构成待判局面（§24）。",
        "rep": "循环（§24）：{when}的局面已出现{k}次；此后的着法：",
        "when_start": "开局", "when_move": "第{m}着（{side}）后",
        "forbidden": "  {side}：着着是打（{what}），为禁止着法（§25.2）。",
        "allowed": "  {side}：有闲着，为允许着法（§25.2）。",
        "verdict": "裁定：{v}（{arts}）。",
        "again": "若再重复一次循环，{side}判负（§24.3、§4.1.7）。",
        "clock": "棋钟：结果 → {winner} → {reason}。",
        "mutual": "  双方着着是打，兵（卒）叫吃按捉处理（§27.2、细则11）。",
        "chase": "{by}的{by_piece}{via}捉{sq}的{piece}（价值{v}）：{root}",
        "via": "（先将军{check}）",
        "27.3": "（§27.3：如占据防守要点立即形成简明和棋，附带捉士象按闲处理，由裁判判断）",
    },
}


LONG = {"en": {"check": "perpetual check 长将", "chase": "perpetual chase 长捉",
               "mate-threat": "perpetual mate threat 长杀", "mixed": "attacks only"},
        "zh": {"check": "长将", "chase": "长捉", "mate-threat": "长杀", "mixed": "一将一捉等"}}


def _menu_word(name, lang):
    """How the clock's result menu names a winner or a reason (device/lang.py)."""
    from host_tools.firmware_path import FIRMWARE
    from clock.names import REASONS
    from device import lang as languages
    words = languages.words(languages.EN if lang == "en" else languages.ZH)
    if name in verdict.SIDES:
        return words.SIDE[verdict.SIDES.index(name)]
    if name == "draw":
        return words.DRAW
    return words.REASONS[REASONS.index(name)]


def _piece(p, lang):
    side = RED if p.isupper() else BLACK
    return f"{SIDE[lang][side]}{notation.piece_name(p, lang)}" if lang == "zh" else \
        f"{SIDE[lang][side].lower()} {notation.piece_name(p, lang)}"


def _move_label(record, positions, i, lang):
    m = record.moves[i]
    zh = notation.chinese(positions[i], m.move)
    text = zh if lang == "zh" else f"{notation.wxf(positions[i], m.move)} ({zh})"
    dots = "." if m.side == RED else "..."
    return f"{m.number}{dots} {text} [{notation.iccs(m.move)}]"


def _explain(ruling, lang, pos):
    w = WORDS[lang]
    parts = []
    for th in ruling.threats:
        v = value(th.piece, th.target)
        via = w["via"].format(check=notation.iccs(th.via)) if th.via else ""
        s = w["chase"].format(piece=_piece(th.piece, lang), sq=name(th.target), v=v[0] + v[1],
                              root=ROOT[lang][th.root], by_piece=notation.piece_name(th.capturer, lang),
                              by=name(th.by), via=via)
        if th.piece.upper() in "AB":
            s += w["27.3"]
        parts.append(s)
    for n in ruling.notes:
        roots = ", ".join(f"{notation.piece_name(pos.board[d], lang)} {name(d)}"
                          + (" 暗根" if d in n.hidden else "") for d in n.defenders)
        parts.append(NOTE[lang][n.kind].format(piece=_piece(n.piece, lang), sq=name(n.target), roots=roots))
    return parts


def article(a):
    """'24.1' -> '§24.1'; 细则 items as they are."""
    return "§" + a if a[0].isdigit() else a


def verdict_line(rep, lang):
    """The verdict in a few words, for the picture's title."""
    who, _, what = rep.verdict.partition("-")
    if who == "draw":
        return VERDICT[lang]["draw"]
    return VERDICT[lang][what].format(side=SIDE[lang][RED if who == "red" else BLACK])


def _shown(rep, record):
    """The moves to list: the last cycle, or all since the first occurrence
    when the cycles were not the same moves."""
    moves = [record.moves[i].move for i, _, _ in rep.rulings]
    if all(moves[k] == moves[k % rep.cycle + len(moves) - rep.cycle] for k in range(len(moves))) \
            and len(moves) % rep.cycle == 0:
        return rep.last_cycle()
    return rep.rulings


def text(record, result, lang="en"):
    positions, limit, rep, claim = result["positions"], result["limit"], result["repetition"], result["claim"]
    w = WORDS[lang]
    n = result["moves"]
    out = [w["game"].format(n=n, start=w["set"] if result["set_position"] else "")]
    if limit.since_ply:
        mv = record.moves[limit.since_ply - 1]
        since = w["since_move"].format(m=mv.number, side=SIDE[lang][mv.side])
    else:
        since = w["since_start"]
    out.append(w["limit"].format(r=limit.rounds, since=since, lim=limit.limit))
    for side in ((claim,) if claim is not None else (RED, BLACK)):
        k = limit.checks[side]
        checks = w["checks"].format(k=k, side=SIDE[lang][side]) if k > 10 else ""
        out.append(w["claim"].format(side=SIDE[lang][side], c=limit.counted[side], checks=checks,
                                     holds=w["holds"] if limit.holds(side) else w["fails"]))
    if any(limit.holds(s) for s in ((claim,) if claim is not None else (RED, BLACK))):
        out.append("  " + w["clock"].format(winner=_menu_word("draw", lang), reason=_menu_word("move-limit", lang)))
    if claim is None or not limit.holds(claim):
        out.append(w["false"])
    if rep is None:
        out.append(w["norep"])
        return "\n".join(out) + "\n"
    if rep.first:
        mv = record.moves[rep.first - 1]
        when = w["when_move"].format(m=mv.number, side=SIDE[lang][mv.side])
    else:
        when = w["when_start"]
    out.append(w["rep"].format(when=when, k=rep.occurrences))
    for i, side, ruling in _shown(rep, record):
        kind = ruling.kind
        if rep.mutual_pawns and kind == rules.IDLE and ruling.pawn_threats:
            ruling = rules.Ruling(rules.CHASE, ruling.pawn_threats, ruling.notes)
            kind = rules.CHASE
        colon = ": " if lang == "en" else "："
        line = f"  {_move_label(record, positions, i, lang)} {SIDE[lang][side]}{colon}{KIND[lang][kind]}"
        why = _explain(ruling, lang, positions[i + 1])
        if why:
            line += (": " if lang == "en" else "：") + ("; " if lang == "en" else "；").join(why)
        out.append(line)
    if rep.mutual_pawns:
        out.append(w["mutual"])
    for side in (RED, BLACK):
        forbidden, _ = rep.sides[side]
        if forbidden:
            kinds = set(verdict.move_kinds(rep, side))
            what = LONG[lang][kinds.pop()] if len(kinds) == 1 else LONG[lang]["mixed"]
            out.append(w["forbidden"].format(side=SIDE[lang][side], what=what))
        else:
            out.append(w["allowed"].format(side=SIDE[lang][side]))
    who, _, what = rep.verdict.partition("-")
    side = RED if who == "red" else BLACK
    v = verdict_line(rep, lang)
    line = w["verdict"].format(v=v, arts=(", " if lang == "en" else "、").join(article(a) for a in rep.articles))
    if what == "must-change":
        line += w["again"].format(side=SIDE[lang][side])
    out.append(line)
    entered = verdict.clock_result(rep)
    if entered:
        out.append(w["clock"].format(winner=_menu_word(entered[0], lang), reason=_menu_word(entered[1], lang)))
    return "\n".join(out) + "\n"


def as_json(record, result):
    positions, rep = result["positions"], result["repetition"]
    out = {"moves": result["moves"], "legal": True, "start": record.start.fen(),
           "natural_limit": result["limit"].as_json(), "repetition": None}
    if rep is None:
        return out
    cycle = []
    for i, side, ruling in rep.rulings:
        kind = ruling.kind
        threats = ruling.threats
        if rep.mutual_pawns and kind == rules.IDLE and ruling.pawn_threats:
            kind, threats = rules.CHASE, ruling.pawn_threats
        cycle.append({"ply": i + 1, "side": verdict.SIDES[side], "number": record.moves[i].number,
                      "move": notation.chinese(positions[i], record.moves[i].move),
                      "wxf": notation.wxf(positions[i], record.moves[i].move),
                      "iccs": notation.iccs(record.moves[i].move), "kind": kind,
                      "threats": [t.as_json() for t in threats], "notes": [n.as_json() for n in ruling.notes]})
    out["repetition"] = {
        "first_ply": rep.first + 1, "occurrences": rep.occurrences, "cycle_plies": rep.cycle,
        "red": {"kind": "forbidden" if rep.sides[RED][0] else "allowed", "moves": verdict.move_kinds(rep, RED)},
        "black": {"kind": "forbidden" if rep.sides[BLACK][0] else "allowed",
                  "moves": verdict.move_kinds(rep, BLACK)},
        "verdict": rep.verdict, "articles": rep.articles, "mutual_pawn_attack": rep.mutual_pawns,
        "clock_result": dict(zip(("winner", "reason"), verdict.clock_result(rep) or ())) or None,
        "plies": cycle}
    return out
