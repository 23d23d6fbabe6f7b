# badinput: an encode error caught and inspected, and its args
# expect-exit: 0
# expect-stdout: ascii 1 2 ordinal not in range(128) ('ascii', 'aé', 1, 2, 'ordinal not in range(128)')
try:
    "aé".encode("ascii")
except UnicodeEncodeError as e:
    print(e.encoding, e.start, e.end, e.reason, e.args)
