# badinput: decoding latin-1 bytes as utf-8
# expect-exit: 1
# expect-stderr: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 3: invalid continuation byte
s = b'caf\xe9!'.decode('utf-8')
