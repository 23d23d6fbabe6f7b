# split / rsplit / join / splitlines / partition / rpartition.
s = "  the quick  brown\tfox\njumps  "
print(s.split())
print(s.split(' '))
print("a,b,,c,".split(','))
print("a,b,,c,".split(',', 1), "a,b,,c,".split(',', maxsplit=2))
print("a,b,,c,".rsplit(',', 1), "a b c d".rsplit(None, 2), "a b c d".rsplit())
print("".split(), "".split(','), "   ".split(), "abc".split('abc'))
print("one::two::three".split('::'), "x".split('x'))
print("1 2 3".split(' ', 0), "  lead".split(None, 1))
print('-'.join(['a', 'b', 'c']), ''.join(['x', 'y']), ', '.join([]), '|'.join('abc'))
print(' '.join([str(i) for i in range(5)]))
print(''.join(reversed('stressed')))
text = "line one\nline two\r\nline three\n\nlast"
print(text.splitlines())
print("no newline".splitlines(), "".splitlines(), "trail\n".splitlines())
print("key=value=more".partition('='), "key=value=more".rpartition('='))
print("novalue".partition('='), "novalue".rpartition('='))
print("a.b.c".partition('.'), "".partition('x'))
name, sep, rest = "user@example.com".partition('@')
print(name, sep, rest)
head, _, tail = "path/to/file.txt".rpartition('/')
print(head, tail)
words = "The cat and the hat".lower().split()
print(words, len(words), words[::-1])
csv = "id,name,score\n1,ann,90\n2,bob,85"
rows = [line.split(',') for line in csv.splitlines()]
print(rows)
print([int(r[2]) for r in rows[1:]])
try:
    "abc".split('')
except ValueError as e:
    print("ValueError:", e)
try:
    '-'.join(['a', 1])
except TypeError as e:
    print("TypeError:", e)
