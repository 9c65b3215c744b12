"""CSV files for spreadsheets (round tables, cross-tables, sheets written with --out)."""
from pathlib import Path

from host_tools.report.record import ReportError


def write_csv(path, text, encoding):
    """A CSV for spreadsheets: UTF-8 with a byte-order mark (Excel then reads it as
    Unicode, on a Chinese Windows too), or GBK for programs that want it."""
    if encoding == "gbk":
        try:
            data = text.encode("gbk")
        except UnicodeEncodeError as e:
            raise ReportError("--csv-encoding gbk: %s is not in GBK (in %r): keep the default, UTF-8"
                              % (text[e.start:e.end], text[max(0, e.start - 10):e.end + 10].strip())) from None
    else:
        data = text.encode("utf-8-sig")
    Path(path).write_bytes(data)
