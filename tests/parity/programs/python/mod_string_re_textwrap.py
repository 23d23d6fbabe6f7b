# string constants, Template, capwords and string.Formatter; re search/match groups, findall,
# finditer, sub with groups and functions, split, flags, lookbehind; textwrap fill/wrap/shorten/
# dedent/indent with indents.
import string, re, textwrap
print(string.ascii_lowercase, string.digits, string.punctuation, string.hexdigits, repr(string.whitespace))
t = string.Template('$who likes ${what}s, $$5')
print(t.substitute(who='tim', what='kung pao'), t.safe_substitute(who='x'))
try:
    t.substitute(who='a')
except KeyError as e:
    print('KeyError', e)
print(string.capwords('hello   world  foo'), string.Formatter().format('{0}-{x}', 1, x=2))
m = re.search(r'(?P<key>\w+)=(?P<val>\d+)', 'a b=12 c')
print(m.group('key'), m['val'], m.groupdict(), m.span(), m.start(2), m.groups())
print(re.findall(r'\d+', 'a1b22c333'), re.sub(r'(\w)(\d)', r'\2\1', 'a1 b2'), re.split(r'[,;]\s*', 'a, b;c'), re.fullmatch(r'\d+', '123') is not None)
print([m.group() for m in re.finditer(r'[A-Z]\w*', 'Foo bar Baz')], re.sub(r'\s+', ' ', 'a   b \n c'), re.escape('a.b*c'))
pat = re.compile(r'^(\d{4})-(\d{2})$', re.M)
print(pat.findall('2024-01\nxx\n2023-12'), pat.pattern, bool(pat.flags & re.M), re.sub(r'x', lambda m: m.group().upper(), 'axbx'))
print(re.match(r'(a)(b)?', 'a').groups(), re.match(r'(a)(b)?', 'a').groups('-'), re.subn(r'a', 'b', 'aaa'), re.I is re.IGNORECASE)
print(re.findall(r'(\w+)@(\w+)\.com', 'x@y.com z@w.com'), re.search(r'(?i)HELLO', 'say hello').group(), re.sub(r'(?<=a)b', 'X', 'abab'))
text = 'The quick brown fox jumps over the lazy dog. ' * 3
print(textwrap.fill(text, width=30))
print(textwrap.wrap('a b c d e f g', 5), textwrap.shorten('Hello world, this is long', width=15), repr(textwrap.dedent('  a\n    b\n  c')))
print(textwrap.indent('x\ny\n', '> '), end='')
print(repr(textwrap.fill('word ' * 5, 12, initial_indent='* ', subsequent_indent='  ')))
