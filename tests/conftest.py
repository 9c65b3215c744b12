import host_tools.firmware_path  # noqa: F401  (firmware/ importable as on the board)
