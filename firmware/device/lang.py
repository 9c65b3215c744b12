# The words on the clock's screens, in English and simplified Chinese.
# Each entry is [English, Chinese]: a list, not a tuple, as a tuple of
# constants comes out of an .mpy file as str objects, where a list's short
# words stay interned names (2 KB less for good on the 64-bit VM). The
# Chinese glyphs the board stores are exactly the characters used here and in
# the menus' words (device/menuwords.py, imported with the menus;
# host_tools/fontgen.py's chinese_characters() collects them).

EN = 0
ZH = 1

SIDE = (["RED", "红方"], ["BLACK", "黑方"])
PAUSED = ["PAUSED", "暂停"]
NEXT_PERIOD = ["NEW PERIOD", "进入新阶段"]
FOULS = ["FOUL", "犯规"]
LATE = ["LATE", "迟到"]
EXEMPT = ["NO SHEET", "免记"]
BYOYOMI = ["BYO", "读秒"]
DELAY = ["DELAY", "延时"]
MOVE_LEFT = ["MOVE", "步时"]  # the per-move limit's time left
OVERTIME = ["OT", "加时"]
UPCOUNT = ["UP", "正计时"]  # an up-count: the time used, counted upwards
ING = ["ING", "应氏"]  # Ing overtime: the period (of how many) ...
ING_POINTS = ["-%dPT", "罚%d点"]  # ... and the points charged
LOW_BATTERY = ["LOW BAT", "电量低"]
RESTORED = ["POWER BACK", "断电恢复"]
WIN = ["WIN", "胜"]
LOSS = ["LOSS", "负"]
DRAW = ["DRAW", "和棋"]
MOVED = ["MOVED", "已转移"]  # the game went on on another clock (§22.4)
# a latched fault (device/faults.py), then the words of its kinds, in faults.KINDS order
FAULT = ["ERR", "故障"]
FAULT_KINDS = (["DISPLAY", "显示屏"], ["FLASH", "存储"], ["PROGRAM", "程序"], ["RESTART", "重启"],
               ["SETTINGS", "设置"])
STOPPED = ["STOPPED", "已停止"]  # the clock's program has ended (Ctrl-C over USB)

# game.REASONS, in order
REASONS = (
    ["TIME", "超时"],
    ["MOVE TIME", "步时超时"],
    ["FORFEIT", "迟到判负"],
    ["FOULS", "犯规判负"],
    ["MATE", "将死"],
    ["STALEMATE", "困毙"],
    ["RESIGN", "认输"],
    ["KINGS FACE", "将帅对面"],
    ["ILLEGAL", "违例"],
    ["REPETITION", "长打"],
    ["DISCIPLINE", "违纪"],
    ["AGREED", "议和"],
    ["MOVE LIMIT", "自然限着"],
    ["NO WIN", "无胜机"],
    ["ARBITER", "裁判判定"],
    ["PERP CHECK", "长将"],
    ["PERP CHASE", "长捉"],
)
