# while/for with else, break, continue, nested loops.
n = 0
while n < 5:
    n += 1
    if n == 2:
        continue
    print("while", n)
else:
    print("while finished normally, n =", n)
n = 0
while True:
    n += 1
    if n > 3:
        break
print("after infinite loop, n =", n)
while n > 100:
    print("never")
else:
    print("while-else ran with false condition")
def find(seq, target):
    for i, v in enumerate(seq):
        if v == target:
            print("found", target, "at", i)
            break
    else:
        print(target, "not found")
find([4, 5, 6], 5)
find([4, 5, 6], 9)
find([], 1)
for i in range(3):
    for j in range(3):
        if j == i:
            continue
        if j > i:
            break
        print("pair", i, j)
    else:
        print("inner else for i =", i)
count = 0
while count < 10:
    count += 3
    if count == 9:
        break
else:
    print("no break")
print("count", count)
for x in []:
    print("never")
else:
    print("empty for else")
primes = []
for cand in range(2, 30):
    for p in primes:
        if cand % p == 0:
            break
    else:
        primes.append(cand)
print(primes)
