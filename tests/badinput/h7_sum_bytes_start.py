# badinput: sum with a bytes start
# expect-exit: 1
# expect-stderr: TypeError: sum() can't sum bytes [use b''.join(seq) instead]
sum([b'a'], b'')
