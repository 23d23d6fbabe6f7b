# badinput: a set cleared and refilled to the same size while iterated
# expect-exit: 0
s = {1, 2, 3}
for x in s:
    s.clear()
    s.update({7, 8, 9})
