# The batteries a profile may name (its battery.chemistry): per chemistry the
# pack's empty and full voltages, the cells' discharge curve, how many cells
# and their capacity. Read when the board is built (device/boardsetup.py, the
# battery gauge keeps the curve it uses) and by the profile's checks, then
# forgotten (device/app.py's SOMETIMES): a running clock holds none of it.

# A pack's (empty_mv, full_mv) by its chemistry, at the battery (three cells,
# or one Li-ion cell): 3 x alkaline start at 1.55 V a cell and are spent near
# 1.1 V; 3 x NiMH run from 1.4 V to 1.1 V; a Li-ion cell from 4.2 V to 3.3 V,
# well above its protection's 2.5 V. The profile's empty_mv/full_mv override.
CHEMISTRY = {"alkaline": (3300, 4650), "nimh": (3300, 4200), "liion": (3300, 4200)}

# Per cell, (mV, % of the capacity left) from full to empty, read from the
# makers' discharge curves at light drains (hardware/power.json gives the
# sheets): Energizer E91 (alkaline, to 0.8 V), Panasonic eneloop BK-3MCCE
# (NiMH, to 1.0 V), a generic 18650 Li-ion cell (to 3.3 V).
CURVES = {
    "alkaline": ((1500, 100), (1350, 80), (1250, 50), (1150, 25), (1050, 10), (900, 2), (800, 0)),
    "nimh": ((1400, 100), (1300, 90), (1250, 70), (1220, 50), (1180, 25), (1120, 10), (1050, 4), (1000, 0)),
    "liion": ((4200, 100), (4000, 80), (3850, 60), (3750, 40), (3650, 20), (3500, 8), (3300, 0)),
}
CELLS = {"alkaline": 3, "nimh": 3, "liion": 1}
CAPACITY_MAH = {"alkaline": 2850, "nimh": 1900, "liion": 2500}  # at a few mA (power.json's sheets)


def battery_limits(bat):
    """(empty_mv, full_mv) of a profile's battery object."""
    empty, full = CHEMISTRY.get(bat.get("chemistry"), CHEMISTRY["liion"])
    return bat.get("empty_mv", empty), bat.get("full_mv", full)
