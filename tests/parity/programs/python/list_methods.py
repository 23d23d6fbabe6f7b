# list methods and operators.
a = [3, 1, 4]
a.append(1)
print(a)
a.extend([5, 9])
a.extend((2,))
a.extend("ab")
print(a)
a.insert(0, 'first')
a.insert(-1, 'before last')
a.insert(100, 'end')
a.insert(-100, 'start')
print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
a.remove(1)
print(a, a.index(1), a.index(4), a.count(1), a.count('zz'))
print(a.index(1, 4) if 1 in a[4:] else 'no second 1')
nums = [5, 2, 8, 1, 9, 3]
nums.sort()
print(nums)
nums.sort(reverse=True)
print(nums)
words = ['pear', 'Fig', 'apple', 'kiwi', 'banana']
words.sort(key=len)
print(words)
words.sort(key=lambda w: w.lower(), reverse=True)
print(words)
words.reverse()
print(words)
c = words.copy()
c.append('extra')
print(len(words), len(c), c is words, c[-1])
c.clear()
print(c, len(c))
print([0] * 5, [1, 2] * 3, [] * 10, [None] * 0, [1] * -1)
print([1, 2] + [3], [] + [], [[0]] * 3)
grid = [[0] * 3 for _ in range(2)]
grid[0][1] = 7
print(grid)
alias = [[0] * 2] * 2
alias[0][0] = 5
print(alias)
x = [1, 2]
y = x
y += [3]
print(x, y, x is y)
y = y + [4]
print(x, y, x is y)
print(len([]), len([[]]), [1, 2, 3][-1], [1, 2, 3][-3])
lst = [10, 20, 30]
lst[1] = 'twenty'
lst[-1] += 5
print(lst, lst * 2)
print(sum([[1], [2, 3]], []), list(reversed([1, 2, 3])))
print([1, 2, 3] == [1, 2, 3], [1, 2] < [1, 2, 0], [2] > [1, 9, 9])
try:
    [1, 2][2]
except IndexError as e:
    print("IndexError:", e)
