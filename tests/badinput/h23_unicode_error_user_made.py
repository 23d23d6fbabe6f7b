# badinput: UnicodeEncodeError built by a program: str() reads the five parts
# expect-exit: 0
# expect-stdout: 'ascii' codec can't encode characters in position 1-2: boom | 'latin-1' codec can't encode character '\u20ac' in position 0: r
print(UnicodeEncodeError("ascii", "aé€", 1, 3, "boom"), "|", UnicodeEncodeError("latin-1", "€", 0, 1, "r"))
