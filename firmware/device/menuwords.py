# The words of the arbiter's menus (device/menu.py, device/arbiter.py), as
# device/lang.py's are: (English, Chinese). A module of their own: imported
# with the menus, when a menu is first opened, not for a game.

MENU_KEYS = ("-/+ change   OK", "-/+修改 OK确定")  # a menu's footer: the keys that work

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
    words = option if isinstance(option, str) else option[0]  # its English
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
