# badinput: extend a list with a generator over itself (bounded by islice)
# expect-exit: 0
# expect-stdout: [1, 2, 2, 4, 4, 8, 8, 16, 16, 32, 32, 64]
import itertools
lst = [1, 2]
lst.extend(itertools.islice((x * 2 for x in lst), 10))
print(lst)
