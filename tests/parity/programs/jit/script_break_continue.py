import torch
# break / continue inside scripted loops (for over range, while True).

def odd_sum(n: int) -> int:
    total = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        if i > 7:
            break
        total += i
    return total

def rows_until(x, limit: float):
    acc = torch.zeros(x.size(1))
    i = 0
    while True:
        if i >= x.size(0):
            break
        acc = acc + x[i]
        i += 1
        if acc.sum() > limit:
            break
    return acc

s1 = torch.jit.script(odd_sum)
print([s1(n) for n in [0, 2, 5, 9, 20]])
print([odd_sum(n) for n in [0, 2, 5, 9, 20]])
s2 = torch.jit.script(rows_until)
print("prim::If" in str(s2.graph), "prim::Loop" in str(s2.graph))
x = torch.arange(8).float().reshape(4, 2)
for limit in [0.0, 5.0, 100.0]:
    print(limit, s2(x, limit), rows_until(x, limit))
