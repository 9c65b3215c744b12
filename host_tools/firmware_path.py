"""Make the firmware's modules (clock.*, device.*) importable on the host.

Host tools import the firmware, never the reverse; on the board these modules
sit at the top of the filesystem, so here firmware/ goes on sys.path.
"""
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
if str(FIRMWARE) not in sys.path:
    sys.path.insert(0, str(FIRMWARE))
