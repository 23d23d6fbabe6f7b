# break/continue inside try with finally, in for and while loops.
out = []
for i in range(5):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        out.append("body" + str(i))
    finally:
        out.append("fin" + str(i))
print(out)
n = 0
while True:
    try:
        n += 1
        if n < 3:
            continue
        break
    finally:
        print("while finally", n)
print("n =", n)
log = []
for i in range(4):
    try:
        if i % 2:
            raise ValueError(i)
        log.append("even" + str(i))
        continue
    except ValueError as e:
        log.append("odd" + str(e))
        if i == 3:
            break
    finally:
        log.append("f" + str(i))
else:
    log.append("else not reached")
print(log)
def search(grid, target):
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            try:
                if v == target:
                    return (r, c)
            finally:
                if v == target:
                    print("finally on hit at", r, c)
    return None
print(search([[1, 2], [3, 4]], 3), search([[1]], 9))
