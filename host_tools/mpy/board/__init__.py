# Not imported: the files a board runs. boot.py is installed as the board's
# /boot.py (the atomic update step), agent.py is pasted into its raw REPL by
# host_tools/board/link.py, vboot.py boots a virtual board on the unix port.
# This file only makes the folder a package, so an installed host_tools ships them.
