# The words on the clock's screens, in English and simplified Chinese.
# Each entry is (English, Chinese). The Chinese glyphs the board stores are
# exactly the characters used here (host_tools/fontgen.py collects them).

EN = 0
ZH = 1

SIDE = (("RED", "红方"), ("BLACK", "黑方"))
PAUSED = ("PAUSED", "暂停")
NEXT_PERIOD = ("NEW PERIOD", "进入新阶段")
FOULS = ("FOUL", "犯规")
LATE = ("LATE", "迟到")
EXEMPT = ("NO SHEET", "免记")
BYOYOMI = ("BYO", "读秒")
DELAY = ("DELAY", "延时")
MOVE_LEFT = ("MOVE", "步时")  # the per-move limit's time left
OVERTIME = ("OT", "加时")
UPCOUNT = ("UP", "正计时")  # an up-count: the time used, counted upwards
ING = ("ING", "应氏")  # Ing overtime: the period (of how many) ...
ING_POINTS = ("-%dPT", "罚%d点")  # ... and the points charged
LOW_BATTERY = ("LOW BAT", "电量低")
RESTORED = ("POWER BACK", "断电恢复")
WIN = ("WIN", "胜")
LOSS = ("LOSS", "负")
DRAW = ("DRAW", "和棋")
MOVED = ("MOVED", "已转移")  # the game went on on another clock (§22.4)
# a latched fault (device/faults.py), then the words of its kinds, in faults.KINDS order
FAULT = ("ERR", "故障")
FAULT_KINDS = (("DISPLAY", "显示屏"), ("FLASH", "存储"), ("PROGRAM", "程序"), ("RESTART", "重启"),
               ("SETTINGS", "设置"))
STOPPED = ("STOPPED", "已停止")  # the clock's program has ended (Ctrl-C over USB)
MENU_KEYS = ("-/+ change   OK", "-/+修改 OK确定")  # a menu's footer: the keys that work

# game.REASONS, in order
REASONS = (
    ("TIME", "超时"),
    ("MOVE TIME", "步时超时"),
    ("FORFEIT", "迟到判负"),
    ("FOULS", "犯规判负"),
    ("MATE", "将死"),
    ("STALEMATE", "困毙"),
    ("RESIGN", "认输"),
    ("KINGS FACE", "将帅对面"),
    ("ILLEGAL", "违例"),
    ("REPETITION", "长打"),
    ("DISCIPLINE", "违纪"),
    ("AGREED", "议和"),
    ("MOVE LIMIT", "自然限着"),
    ("NO WIN", "无胜机"),
    ("ARBITER", "裁判判定"),
    ("PERP CHECK", "长将"),
    ("PERP CHASE", "长捉"),
)

# Menus
MENU = {
    "preset": ("TIME CONTROL", "时限"),
    "custom": ("CUSTOM", "自定义"),
    "settings": ("SETTINGS", "设置"),
    "arbiter": ("ARBITER", "裁判"),
    "code": ("CODE", "密码"),
    "locked": ("LOCKED", "锁定"),
    "forfeit": ("LATE LIMIT", "迟到时限"),
    "foul_limit": ("FOUL LIMIT", "犯规次数"),
    "sound": ("SOUND", "声音"),
    "language": ("LANGUAGE", "语言"),
    "red_side": ("RED SIDE", "红方位置"),
    "left": ("LEFT", "左"),
    "right": ("RIGHT", "右"),
    "on": ("ON", "开"),
    "off": ("OFF", "关"),
    "none": ("NONE", "无"),
    "add": ("ADD TIME", "加时间"),
    "take": ("TAKE TIME", "减时间"),
    "moves": ("MOVES", "步数"),
    "foul": ("FOUL", "犯规"),
    "warn": ("WARNING", "警告"),
    "claim": ("FALSE CLAIM", "错误申请"),
    "arrive": ("ARRIVED", "到场"),
    "result": ("RESULT", "结果"),
    "resume": ("RESUME", "继续"),
    "pause": ("PAUSE", "暂停"),
    "exit": ("EXIT", "退出"),
    "time": ("TIME", "时间"),
    "quota": ("MOVES", "步数"),
    "increment": ("INCREMENT", "加秒"),
    "delay": ("DELAY", "延时"),
    "byoyomi": ("BYO-YOMI", "读秒"),
    "permove": ("PER MOVE", "步时"),
    "overtime": ("OVERTIME", "加时"),
    "ing": ("ING", "应氏"),
    "ing_points": ("ING POINTS", "应氏罚点"),
    "upcount": ("UP-COUNT", "正计时"),
    "hourglass": ("HOURGLASS", "沙漏"),
    "tenths": ("TENTHS", "0.1秒显示"),
    "handicap": ("HANDICAP", "让时"),
    "start": ("START", "开始"),
    "test": ("SELF-TEST", "自检"),
}


# The 7-segment build's menu: four characters a digit can draw for each
# option, all different, keyed by the option's English words (the legend to
# print is in hardware/README.md). Numbers show their digits instead.
CODES = {
    # the arbiter's menu
    "RESUME": "rESU", "PAUSE": "PAUS", "ADD TIME": "Add", "TAKE TIME": "Sub", "MOVES": "StEP",
    "FOUL": "FoUL", "WARNING": "UArn", "FALSE CLAIM": "FCLA", "ARRIVED": "Arr", "RESULT": "rSLt",
    "TIME CONTROL": "CLoC", "CUSTOM": "CUSt", "SETTINGS": "SEt", "LATE": "LAtE", "START": "StAr",
    "EXIT": "oUt", "LOCKED": "LoCd", "SELF-TEST": "tESt",
    # settings
    "LATE LIMIT": "ForF", "FOUL LIMIT": "FoUn", "SOUND": "bEEP", "LANGUAGE": "LAnG",
    "RED SIDE": "SEAt", "CODE": "CodE", "LEFT": "LEFt", "RIGHT": "rGHt", "ON": "on", "OFF": "oFF",
    "NONE": "nonE", "DELAY": "dELA", "BRONSTEIN": "brnS", "English": "En", "中文": "CHn",
    "BYO-YOMI": "byo", "ING": "1nG", "UP-COUNT": "UP", "TENTHS": "tEn",
    # sides and results
    "RED": "rEd", "BLACK": "bLAC", "DRAW": "drAU",
    "MATE": "nAtE", "STALEMATE": "StAL", "RESIGN": "rESn", "KINGS FACE": "FACE", "ILLEGAL": "bAdn",
    "REPETITION": "rEPt", "DISCIPLINE": "CArd", "AGREED": "AGrE", "MOVE LIMIT": "StPL",
    "NO WIN": "noUn", "ARBITER": "Arb", "PERP CHECK": "PChE", "PERP CHASE": "PChA",
    # time-control presets
    "cxa1999-6.1": "C6.1", "cxa1999-6.2": "C6.2", "cxa1999-6.3": "C6.3", "cxa1999-6.4": "C6.4",
    "cxa1999-6.5": "C6.5", "xq-60+30": "60.30", "xq-50+20": "50.20", "xq-30+10": "30.10",
    "xq-25+5": "25.05", "xq-15+10": "15.10", "xq-10+10": "10.10", "xq-5+3": " 5.03",
    "xq-armageddon": "Ar64", "fide-classical": "FC90", "fide-rapid": "Fr15", "fide-blitz": "Fb 3",
    "go-byoyomi": "by60", "go-canadian": "CA60", "go-ing": "1nG3",
}


def code(option):
    """What the 7-segment build shows for a menu option (a (English,
    Chinese) pair or text): its code, else the digits of a number ("30 s"
    -> "  30", "1:00" keeps its colon), right-aligned in four digits."""
    words = option[EN] if isinstance(option, tuple) else option
    c = CODES.get(words)
    if c is not None:
        return c
    digits = ""
    n = 0
    for ch in words:
        if "0" <= ch <= "9":
            digits += ch
            n += 1
        elif ch == ":" and n:
            digits += ch
    return " " * (4 - n) + digits if n <= 4 else digits[-4:]


def chinese_characters():
    """Every Chinese character the screens can show (for the glyph generator)."""
    seen = {}
    tables = [SIDE, REASONS, MENU.values(), FAULT_KINDS,
              (PAUSED, NEXT_PERIOD, FOULS, LATE, EXEMPT, BYOYOMI, DELAY, MOVE_LEFT,
               OVERTIME, UPCOUNT, ING, ING_POINTS, LOW_BATTERY, RESTORED, WIN, LOSS, DRAW, FAULT, STOPPED,
               MENU_KEYS, MOVED)]
    for table in tables:
        for pair in table:
            for ch in pair[ZH]:
                if ord(ch) > 127:
                    seen[ch] = True
    return "".join(sorted(seen))
