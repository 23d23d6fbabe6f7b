# str and bytes hashes are CPython's SipHash-1-3 under PYTHONHASHSEED=0 (the seed the goldens are
# made with), over a str's PEP 393 bytes (Latin-1, UCS-2 or UCS-4), so sets of strings print and
# pop in CPython's order.
for s in ['', 'a', 'name', 'abcdefgh', 'abcdefghi', 'é', 'naïve', '日本', 'x😀', 'ÿ', 'Ā']:
    print(repr(s), hash(s), hash(s.encode()))
print({'name', 'year', 'lr', 'epochs', 'batch_size', 'model'})
print(set('hello world'), frozenset(['α', 'β', 'γ']))
s = {'train', 'val', 'test'}
print(s.pop(), sorted(s), {'b', 'a'} | {'c'}, {b'x', b'yy', b'zzz'})
print(hash(b'abc') == hash('abc'), hash(memoryview(b'xy')) == hash(b'xy'), hash(('a', 1)))
