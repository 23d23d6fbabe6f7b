# strip / lstrip / rstrip (with chars), replace (with count), find/rfind/index/rindex/count.
s = "  \t hello world \n "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip('x'), "xyhiyx".strip('xy'), "www.site.com".lstrip('w.'), "file.txt...".rstrip('.'))
print("abc".strip('abc'), repr("".strip()), "aaa".lstrip('a') == "")
print("banana".replace('a', 'o'), "banana".replace('a', 'o', 2), "banana".replace('an', ''))
print("aaa".replace('a', 'aa'), "abc".replace('', '-'), "abc".replace('x', 'y'), "abc".replace('b', 'B', 0))
t = "hello world, hello moon"
print(t.find('hello'), t.find('hello', 1), t.find('xyz'), t.rfind('hello'), t.rfind('o'), t.rfind('zz'))
print(t.find('o', 5, 10), t.find(''), t.rfind(''), t.find('moon', -4))
print(t.index('world'), t.rindex('l'), t.count('l'), t.count('hello'), t.count(''), t.count('o', 0, 10))
print("aaaa".count('aa'), "".count('a'), "abc".count('abc'))
try:
    t.index('mars')
except ValueError as e:
    print("ValueError:", e)
try:
    t.rindex('mars')
except ValueError as e:
    print("ValueError:", e)
print(t.startswith('hello'), t.startswith('world'), t.startswith('world', 6), t.endswith('moon'))
print(t.startswith(('x', 'he')), t.endswith(('sun', 'moon')), t.endswith(()), "".startswith(''))
print('ell' in t, 'Hello' in t, '' in t, 'moon' not in t)
line = "   # comment here"
print(line.strip().startswith('#'), line.lstrip(' #'))
path = "/usr/local/bin/"
print(path.strip('/').split('/'))
