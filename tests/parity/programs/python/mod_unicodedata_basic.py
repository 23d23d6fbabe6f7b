# unicodedata: properties, numeric values, the four normalization forms, the tutorials' accent
# stripping (char_rnn_classification, seq2seq_translation) and CPython's argument errors.
import string
import unicodedata

print(unicodedata.unidata_version)
for ch in ['A', 'z', '\u00e9', '\u0301', '5', '\u00b2', '\u00bd', '\u0663', '\u4e00', '\u216b', ' ', '\u3000',
           '\n', '\u200b', '\u01c5', '\u00df', '\u0130', '\u03a3', '\uac00', '\u20ac', '(', '\U0001f600',
           '\U0001d400', '\ufb01', '\u05d0', '\u0627', '\uff21', '\ue000', '\u0378', '\U0010ffff']:
    print(ascii(ch), unicodedata.category(ch), repr(unicodedata.bidirectional(ch)), unicodedata.east_asian_width(ch),
          unicodedata.mirrored(ch), unicodedata.combining(ch), repr(unicodedata.decomposition(ch)),
          unicodedata.decimal(ch, None), unicodedata.digit(ch, None), unicodedata.numeric(ch, None))

samples = ['Caf\u00e9', 'e\u0301', '\u212b', '\u1e9b\u0323', '\ufb01ne', '\ud55c\uad6d\uc5b4', '\u1100\u1161\u11a8',
           '\u00bd \u00b2', 'q\u0307\u0323', '\u0344', '\uff8a\uff9f', '\u0b47\u0b3e', '\u00c5\u0327', '\u0301a',
           '\u337f', '\u01c4', 'plain ascii']
for s in samples:
    forms = [unicodedata.normalize(f, s) for f in ('NFC', 'NFD', 'NFKC', 'NFKD')]
    print(ascii(s), [ascii(x) for x in forms], [len(x) for x in forms],
          [unicodedata.is_normalized(f, s) for f in ('NFC', 'NFD', 'NFKC', 'NFKD')])

all_letters = string.ascii_letters + " .,;'"
def unicodeToAscii(s):
    return ''.join(c for c in unicodedata.normalize('NFD', s)
                   if unicodedata.category(c) != 'Mn' and c in all_letters)
for name in ['\u015alusarski', 'Fran\u00e7ois', 'B\u00e9n\u00e9dicte', 'M\u00fcller', 'Nguy\u1ec5n', '\u00c5ngstr\u00f6m', 'Jos\u00e9 !']:
    print(unicodeToAscii(name), unicodeToAscii(name.lower().strip()))
text = 'ok\u0007\u00e9\u200b\tdone\u0000'
print(ascii(''.join(ch for ch in text if unicodedata.category(ch)[0] != 'C')))

calls = [lambda: unicodedata.category('ab'), lambda: unicodedata.category(''), lambda: unicodedata.category(5),
         lambda: unicodedata.bidirectional('xy'), lambda: unicodedata.combining(None), lambda: unicodedata.mirrored('ab'),
         lambda: unicodedata.east_asian_width(1.5), lambda: unicodedata.decomposition('ab'),
         lambda: unicodedata.category(), lambda: unicodedata.category('a', 'b'), lambda: unicodedata.category(c='a'),
         lambda: unicodedata.decimal('a'), lambda: unicodedata.digit('a'), lambda: unicodedata.numeric('a'),
         lambda: unicodedata.decimal('ab'), lambda: unicodedata.decimal(), lambda: unicodedata.decimal('1', 2, 3),
         lambda: unicodedata.numeric('\u00bd', default=0), lambda: unicodedata.digit('\u2460', 'x'),
         lambda: unicodedata.decimal('\u2460', 'x'), lambda: unicodedata.normalize('NFX', 'a'),
         lambda: unicodedata.normalize(1, 'a'), lambda: unicodedata.normalize('NFC', 1), lambda: unicodedata.normalize('NFC'),
         lambda: unicodedata.is_normalized('nfc', 'a'), lambda: unicodedata.normalize(form='NFC', unistr='a')]
for f in calls:
    try:
        print(repr(f()))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
