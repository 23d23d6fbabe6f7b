# badinput: a long needle that almost matches everywhere ('a' * 10**6 + 'b' in 'a' * 10**7): a naive search is 10**13 steps; find, in, count, split, replace and partition stay linear
# kiln-args: --max-instructions 1000000
# expect-exit: 0
# expect-stdout: False -1 0 1 True ('aaa', '', '')
x = 'a' * 10**7
y = 'a' * 10**6 + 'b'
print(y in x, x.find(y), x.count(y), len(x.split(y)), x.replace(y, 'c') is not None, tuple(s[:3] for s in x.partition(y)))
