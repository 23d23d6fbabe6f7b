# A look-behind that opens the pattern: BPE's merge step ((?<!\S)pair(?!\S)), camelCase splits,
# digit grouping, and the errors for variable-width bodies.
import re

pair = re.escape('l o')
pattern = re.compile(r'(?<!\S)' + pair + r'(?!\S)')
for word in ['l o w', 'l o w e r', 'f l o w', 'l o', 'a l o', 'l o l o']:
    print(repr(word), '->', repr(pattern.sub('lo', word)))

print(re.findall(r'(?<=[a-z])[A-Z]', 'camelCaseWordsHere'))
print(re.sub(r'(?<=[a-z])(?=[A-Z])', '_', 'camelCaseWordsHere').lower())
print(re.split(r'(?<=[.!?]) ', 'One. Two! Three? Four'))
print(re.sub(r'(?<=\d)(?=(\d{3})+$)', ',', '1234567'))
print(re.findall(r'(?<!\d)\d{2}(?!\d)', '1 22 333 44 5'))
print(re.findall(r'(?<=ab)c', 'abc xbc abcabc'))
print(re.findall(r'(?<=a|b)x', 'ax bx cx'))
print(re.findall(r'(?<=\$)\d+', 'cost $15, $200 or 7'))
m = re.search(r'(?<=-)\w+', 'spam-egg')
print(m.group(0), m.span())
print(re.match(r'(?<=a)b', 'ab'), re.compile(r'(?<=a)b').match('ab', 1).span())
print(re.compile(r'(?<!a)b').search('abb', 1).span())
print(re.compile(r'(?<=a)b').search('ab', 1).span())
print(re.fullmatch(r'(?<!x)abc', 'abc').group(), re.compile(r'(?<=x)abc').fullmatch('xabc', 1).span())
print([m.span() for m in re.finditer(r'(?<![\w])\w', 'ab cd  e')])
print(re.sub(r'(?<= )x', 'Y', 'x x xx  x'))
for bad in [r'(?<=a+)b', r'(?<=a|bc)d', r'(?<!\w*)x']:
    try:
        re.compile(bad)
    except re.error as e:
        print('error:', e)
