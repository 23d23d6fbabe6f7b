# badinput: reversed(d) while each step deletes a key (compacting the entries) and inserts another: the size stays equal, the iterator must not read past the shorter entries (it did)
# expect-exit: 0
# expect-stdout: done 20
d = {i: i for i in range(40)}
for i in range(20):
    del d[i]
steps = 0
for k in reversed(d):
    del d[k]
    d[1000 + k] = 0
    steps += 1
    if steps > 100:
        break
print('done', len(d))
