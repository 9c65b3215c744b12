"""Settings as the board reads them and as `config push` writes them (issue
15.3, 15.4, 15.6): a bad field is refused on its own, the lock is never
dropped, and the host writes what the board understands."""
from host_tools.board import config
from device import settings as cfg


def test_config_push_stores_the_boards_own_white_space():
    out = config.changes_from(clock="5m/40\u00a0,15m/10*", clock_black="\u30004m/40,15m/10*")
    assert out["clock"] == "5m/40 ,15m/10*" and out["clock_black"] == "4m/40,15m/10*"
