# badinput: a subclass of UnicodeDecodeError takes the five parts through the base __init__
# expect-exit: 0
# expect-stdout: 'utf-8' codec can't decode byte 0xff in position 0: r 0 True
class My(UnicodeDecodeError):
    pass
m = My("utf-8", b"\xff", 0, 1, "r")
print(m, m.start, isinstance(m, ValueError))
