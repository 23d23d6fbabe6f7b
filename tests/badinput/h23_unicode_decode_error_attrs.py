# badinput: a decode error caught and inspected (CPython keeps encoding, object, start, end, reason as attributes)
# expect-exit: 0
# expect-stdout: utf-8 b'ab\xc3' 2 3 unexpected end of data | 'utf-8' codec can't decode byte 0xc3 in position 2: unexpected end of data
try:
    b"ab\xc3".decode("utf-8")
except UnicodeDecodeError as e:
    print(e.encoding, e.object, e.start, e.end, e.reason, "|", e)
