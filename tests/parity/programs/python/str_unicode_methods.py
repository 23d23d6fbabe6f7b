# str methods on non-ASCII text: full case mappings, Greek final sigma, title/capitalize rules, the
# Unicode is*() classes, whitespace splitting and int()/float() of Unicode digits.
words = ['stra\u00dfe', '\u0130stanbul', '\u039f\u0394\u03a5\u03a3\u03a3\u0395\u03a5\u03a3', '\u03a3\u0391\u03a3 \u03a3\u0391\u03a3. \u03a3',
         "\u0391\u03a3'", '\u01c6emal \u01c9ubljana', '\ufb01nd \ufb00 \u0149', '\u1fb3 \u1ff3', '\u01f1 \u01f2 \u01f3',
         'caf\u00e9 au lait', 'hello w\u00d6RLD', '\u24d0\u24d1 \u24b8', '\u13a0\uab70', '\U00010400\U00010428',
         '\u0390', "o'ne\u00efl d'\u00e9t\u00e9", '\u0445\u043b\u0435\u0431 \u0421\u041e\u041b\u042c']
for w in words:
    print(ascii(w), ascii(w.upper()), ascii(w.lower()), ascii(w.title()), ascii(w.casefold()),
          ascii(w.swapcase()), ascii(w.capitalize()), len(w.upper()))
print('stra\u00dfe'.upper() == 'STRASSE', 'STRASSE'.casefold() == 'stra\u00dfe'.casefold(), len('\u0130'.lower()))

tests = ['abc', '\u00e9t\u00e9', '\u01c5', '\u01c4', '\u00b2', '\u00bd', '\u0663\u0664', '\u4e00\u4e8c', '\u216b',
         '\u3000 ', 'x\u0301', '\u03a3\u03c3', '\u00aa', '\u2160', '\u24d0', 'Hello W\u00f6rld', 'H\u00e9llo w\u00f6rld',
         '\u01c4emal', '\u01c5emal', '\u00ad', '\u200b', '', '\u0133', 'k\u2126', '\u0391\u0392\u0393',
         '\u03ac\u03bb\u03c6\u03b1', '\u03b1\u03b2\u03b31', '_\u00e9', '\u00e91', '\uff11', '\u2118x', '\u212e',
         '\u00b7', 'a\u00b7', '1a', '\u1885', 'a\u1885', 'tab\there', '\u0085']
for t in tests:
    print(ascii(t), t.isalpha(), t.isalnum(), t.isdecimal(), t.isdigit(), t.isnumeric(), t.isspace(),
          t.isupper(), t.islower(), t.istitle(), t.isprintable(), t.isidentifier(), t.isascii())

print('a\u3000b\u00a0c\u2003d\u2028e'.split(), '\u3000 x y \u3000'.strip() == 'x y', '\u2003a b'.split(None, 1))
print(ascii('\u3000pad\u00a0'.lstrip()), ascii('\u3000pad\u00a0'.rstrip()), ascii(' \u00a0'.strip()))
for s in ['\u0663\u0664', ' \u0663\u3000', '\u0661_\u0660\u0660\u0660', '\uff11\uff12', '-\u09ed', '\u00b2', '\u00bd']:
    try:
        print(ascii(s), int(s))
    except ValueError as e:
        print(ascii(s), 'ValueError', ascii(str(e)))
for s in ['\u0661.\u0665', '\u0663e\u0662', '\u3000-\uff10.\uff12\uff15 ', '\u2155']:
    try:
        print(ascii(s), float(s))
    except ValueError as e:
        print(ascii(s), 'ValueError', ascii(str(e)))
print(sorted(set(c for c in 'Stra\u00dfe \u00c5ngstr\u00f6m' if c.isupper())), sum(1 for c in '\u00e9\u00e8\u00ea!' if c.isalpha()))
print(repr('tab\u200b\xa0\u3000\xe9\u0378\x85'), ['x\u3000y z'.split('\u3000'), '\u00c5ngstr\u00f6m'], str(['\u2028']))
