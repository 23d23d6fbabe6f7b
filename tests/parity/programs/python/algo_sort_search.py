# Bubble sort, insertion sort, merge sort, binary search.
def bubble_sort(xs):
    a = list(xs)
    n = len(a)
    passes = 0
    for i in range(n):
        swapped = False
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]
                swapped = True
        passes += 1
        if not swapped:
            break
    return a, passes
def insertion_sort(xs):
    a = xs[:]
    for i in range(1, len(a)):
        key = a[i]
        j = i - 1
        while j >= 0 and a[j] > key:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = key
    return a
def merge_sort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    left, right, out = merge_sort(xs[:mid]), merge_sort(xs[mid:]), []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return out + left[i:] + right[j:]
def binary_search(a, target):
    lo, hi = 0, len(a) - 1
    probes = 0
    while lo <= hi:
        mid = (lo + hi) // 2
        probes += 1
        if a[mid] == target:
            return mid, probes
        if a[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, probes
data = [38, 27, 43, 3, 9, 82, 10, -5, 27, 0]
print(bubble_sort(data), bubble_sort([1, 2, 3]), bubble_sort([]))
print(insertion_sort(data), merge_sort(data), data)
print(merge_sort(data) == sorted(data) == insertion_sort(data))
s = merge_sort(data)
for t in [27, -5, 82, 4, 100, -10]:
    print(t, binary_search(s, t))
print(binary_search([], 1), merge_sort(['pear', 'apple', 'fig']))
