# The screens" words in simplified Chinese: device/lang_en.py"s names, each
# word in the same place (the comments are there). The glyphs the board stores
# are exactly these characters and the menus" (host_tools/fontgen.py).

SIDE = ["红方", "黑方"]
PAUSED = "暂停"
NEXT_PERIOD = "进入新阶段"
FOULS = "犯规"
LATE = "迟到"
EXEMPT = "免记"
BYOYOMI = "读秒"
DELAY = "延时"
MOVE_LEFT = "步时"
OVERTIME = "加时"
UPCOUNT = "正计时"
ING = "应氏"
ING_POINTS = ["罚", "点"]
LOW_BATTERY = "电量低"
RESTORED = "断电恢复"
WIN = "胜"
LOSS = "负"
DRAW = "和棋"
MOVED = "已转移"
FAULT = "故障"
FAULT_KINDS = ["显示屏", "存储", "程序", "重启", "设置"]
STOPPED = "已停止"
REASONS = [
    "超时",
    "步时超时",
    "迟到判负",
    "犯规判负",
    "将死",
    "困毙",
    "认输",
    "将帅对面",
    "违例",
    "长打",
    "违纪",
    "议和",
    "自然限着",
    "无胜机",
    "裁判判定",
    "长将",
    "长捉",
]
