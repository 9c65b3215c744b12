#!/usr/bin/env python3
"""The parts to order for N clocks of one build, from hardware/bom/<build>.csv.

    python3 hardware/tools/bom.py oled 10          # a table to order from
    python3 hardware/tools/bom.py segment7 10 --csv > order.csv

Each line's quantity is its quantity per clock times N, plus spares: one
module (Pico, display, buzzer, LED) and 10 % of the small parts (at least
one) for every ten clocks, because a tournament clock that dies on the day
costs more than a spare. Standard library only."""
import argparse
import csv
import math
import sys
from pathlib import Path

BOM = Path(__file__).resolve().parents[1] / "bom"
FIELDS = ("item", "kind", "part", "value", "package", "qty", "unit", "usd_each", "serves", "notes")
KINDS = ("module", "switch", "passive", "connector", "wire", "mechanical", "power")


class BomError(ValueError):
    pass


def builds():
    return sorted(p.stem for p in BOM.glob("*.csv"))


def load(build):
    """The lines of a build's BOM as dicts (qty an int, usd_each a float); BomError names the line."""
    path = BOM / f"{build}.csv"
    if not path.is_file():
        raise BomError(f"no BOM for build '{build}' (builds: {', '.join(builds())})")
    lines = []
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != FIELDS:
            raise BomError(f"{path.name}: the header must be {','.join(FIELDS)}")
        for n, row in enumerate(reader, start=2):
            try:
                row["qty"] = int(row["qty"])
                row["usd_each"] = float(row["usd_each"])
            except ValueError:
                raise BomError(f"{path.name}:{n}: qty must be a whole number and usd_each a price") from None
            if row["kind"] not in KINDS or row["qty"] <= 0:
                raise BomError(f"{path.name}:{n}: kind must be one of {', '.join(KINDS)} and qty above 0")
            row["serves"] = row["serves"].split()
            lines.append(row)
    return lines


def spares(line, clocks):
    """The spares to order with `clocks` clocks' worth of a line."""
    tens = math.ceil(clocks / 10)
    if line["kind"] == "module":
        return tens * min(line["qty"], 1)
    if line["kind"] in ("passive", "connector", "switch") or line["kind"] == "mechanical" and line["unit"] == "pcs":
        return max(tens, math.ceil(line["qty"] * clocks / 10))
    return 0  # wire by the metre, filament by the gram: the per-clock figures have their margin


def order(build, clocks):
    """[(line, quantity to order)] for `clocks` clocks."""
    return [(line, line["qty"] * clocks + spares(line, clocks)) for line in load(build)]


def main(argv=None):
    p = argparse.ArgumentParser(prog="bom.py", description=__doc__.split("\n\n")[0])
    p.add_argument("build", help="oled, oled242 or segment7 (a file in hardware/bom/)")
    p.add_argument("clocks", type=int, help="how many clocks")
    p.add_argument("--csv", action="store_true", help="CSV on standard output instead of a table")
    args = p.parse_args(argv)
    if args.clocks < 1:
        print("bom.py: clocks must be 1 or more", file=sys.stderr)
        return 2
    try:
        rows = order(args.build, args.clocks)
    except BomError as e:
        print(f"bom.py: {e}", file=sys.stderr)
        return 2
    total = sum(line["usd_each"] * n for line, n in rows)
    per_clock = sum(line["usd_each"] * line["qty"] for line, _ in rows)
    if args.csv:
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(["item", "part", "value", "package", "order", "unit", "usd_each", "usd"])
        for line, n in rows:
            w.writerow([line["item"], line["part"], line["value"], line["package"], n, line["unit"],
                        f"{line['usd_each']:.2f}", f"{line['usd_each'] * n:.2f}"])
        return 0
    print(f"{args.build}: {args.clocks} clock{'s' if args.clocks > 1 else ''}, spares included")
    print(f"{'ORDER':>6} {'UNIT':4}  {'PART':60} {'VALUE':18} {'USD':>8}")
    for line, n in rows:
        print(f"{n:6d} {line['unit']:4}  {line['part'][:60]:60} {line['value'][:18]:18} {line['usd_each'] * n:8.2f}")
    print(f"about USD {total:.2f} in all, {per_clock:.2f} a clock without spares (typical single-quantity prices)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
