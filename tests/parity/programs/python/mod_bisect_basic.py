# bisect: searching and inserting into sorted lists, lo/hi bounds, key=, errors.
import bisect
from bisect import bisect_left, bisect_right, insort

a = [1, 2, 4, 4, 4, 7, 9]
for x in [0, 1, 3, 4, 5, 9, 10]:
    print(x, bisect_left(a, x), bisect_right(a, x), bisect.bisect(a, x))
print(bisect_left(a, 4, 4), bisect_right(a, 4, 0, 3), bisect_left(a, 4, hi=2))

b = []
for v in [5, 1, 4, 1, 5, 9, 2, 6]:
    insort(b, v)
    print(b)
bisect.insort_left(b, 5)
print(b)

def grade(score, breakpoints=[60, 70, 80, 90], grades='FDCBA'):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])

recs = [('a', 1), ('b', 3), ('c', 5), ('d', 7)]
print(bisect_left(recs, 5, key=lambda r: r[1]), bisect_right(recs, 3, key=lambda r: r[1]))
bisect.insort(recs, ('x', 4), key=lambda r: r[1])
bisect.insort_left(recs, ('y', 3), key=lambda r: r[1])
print(recs)

words = ['apple', 'banana', 'cherry']
print(bisect_left(words, 'blueberry'), bisect_right(words, 'cherry'))
try:
    bisect_left(a, 3, -1)
except ValueError as e:
    print(type(e).__name__, e)
print(bisect.__all__ if hasattr(bisect, '__all__') else 'no __all__')
