# string: constants, capwords, Template substitute/safe_substitute and its errors.
import string
from string import Template

print(string.ascii_letters)
print(string.ascii_lowercase, string.ascii_uppercase)
print(string.digits, string.hexdigits, string.octdigits)
print(string.punctuation)
print(repr(string.whitespace), len(string.printable))
print(string.capwords('hello   big  world'), string.capwords('a-b-c', '-'))

t = Template('$who likes $what, ${who}s pay $$5')
print(t.substitute(who='tim', what='kung pao'))
print(t.substitute({'who': 'ann', 'what': 'tea'}))
print(t.substitute({'who': 'ann', 'what': 'tea'}, what='milk'))
print(t.safe_substitute(who='bob'))
print(t.template)
print(t.get_identifiers(), t.is_valid())

for tmpl, kw in [('$x and $y', {'x': 1}), ('cost: $ 5', {}), ('line\n  ${bad-name}', {}), ('$', {})]:
    tt = Template(tmpl)
    try:
        print(tt.substitute(**kw))
    except KeyError as e:
        print('KeyError', e)
    except ValueError as e:
        print('ValueError', e)
    print(repr(tt.safe_substitute(**kw)), tt.is_valid())

class Percent(Template):
    delimiter = '%'

print(Percent('%name is %age%% old').substitute(name='Al', age=30))
print(Template('${a}${b}$c').substitute(a=1, b=2.5, c=[3]))
