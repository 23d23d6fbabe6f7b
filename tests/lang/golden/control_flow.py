def classify(t):
    # data-dependent branch
    if t.sum() > 0 and not t.requires_grad:
        kind = "positive"
    elif t.sum() == 0:
        kind = "zero"
    else:
        kind = "negative"
    n = 0
    while n < 3:
        n += 1
        if n == 2:
            continue
    else:
        n = -n
    for i, (a, b) in enumerate(zip([1, 2], [3, 4])):
        if a > b:
            break
    else:
        pass
    return kind, n, -2 ** 2, a if a else b
