# Real-program corpus (tests/realworld, see README.md): the config layer of detectron2-style training
# code: yacs's CfgNode as in rbgirshick/yacs yacs/config.py @ 32d5e4ac300eca6cd3b839097dde39c4017a1070
# (attribute access on a dict subclass, freeze/defrost, merge_from_list with literal_eval decoding
# and type coercion, merge_from_other_cfg, deprecated and renamed keys, clone, __str__ indentation,
# load_cfg of a .py config file through importlib.util), and the @configurable decorator as in
# facebookresearch/detectron2 detectron2/config/config.py @ 02b5c4e295e990042a714712c21dc79b731e8833
# (inspect.signature of from_config, functools.wraps, `raise ... from e`). Written for Kiln, not
# copied. Changes: no `import yaml` (the YAML paths, dump and yaml strings, are not exercised),
# omegaconf's DictConfig is a local stand-in class, the config .py file is written to a temporary
# directory. Pure Python: dict subclass __getattr__/__setattr__, copy.deepcopy, ast.literal_eval,
# io.IOBase checks, importlib.util.spec_from_file_location/module_from_spec, logging, inspect.
import copy
import io
import logging
import os
import sys
from ast import literal_eval
_PY2 = sys.version_info.major == 2
_YAML_EXTS = {'', '.yaml', '.yml'}
_PY_EXTS = {'.py'}
if _PY2:
    _FILE_TYPES = (file, io.IOBase)
else:
    _FILE_TYPES = (io.IOBase,)
_VALID_TYPES = {tuple, list, str, int, float, bool, type(None)}
if _PY2:
    _VALID_TYPES = _VALID_TYPES.union({unicode})
if _PY2:
    import imp
else:
    import importlib.util
logger = logging.getLogger(__name__)

class CfgNode(dict):
    IMMUTABLE = '__immutable__'
    DEPRECATED_KEYS = '__deprecated_keys__'
    RENAMED_KEYS = '__renamed_keys__'
    NEW_ALLOWED = '__new_allowed__'

    def __init__(self, init_dict=None, key_list=None, new_allowed=False):
        init_dict = {} if init_dict is None else init_dict
        key_list = [] if key_list is None else key_list
        init_dict = self._create_config_tree_from_dict(init_dict, key_list)
        super(CfgNode, self).__init__(init_dict)
        self.__dict__[CfgNode.IMMUTABLE] = False
        self.__dict__[CfgNode.DEPRECATED_KEYS] = set()
        self.__dict__[CfgNode.RENAMED_KEYS] = {}
        self.__dict__[CfgNode.NEW_ALLOWED] = new_allowed

    @classmethod
    def _create_config_tree_from_dict(cls, dic, key_list):
        dic = copy.deepcopy(dic)
        for k, v in dic.items():
            if isinstance(v, dict):
                dic[k] = cls(v, key_list=key_list + [k])
            else:
                _assert_with_logging(_valid_type(v, allow_cfg_node=False), 'Key {} with value {} is not a valid type; valid types: {}'.format('.'.join(key_list + [str(k)]), type(v), _VALID_TYPES))
        return dic

    def __getattr__(self, name):
        if name in self:
            return self[name]
        else:
            raise AttributeError(name)

    def __setattr__(self, name, value):
        if self.is_frozen():
            raise AttributeError('Attempted to set {} to {}, but CfgNode is immutable'.format(name, value))
        _assert_with_logging(name not in self.__dict__, 'Invalid attempt to modify internal CfgNode state: {}'.format(name))
        _assert_with_logging(_valid_type(value, allow_cfg_node=True), 'Invalid type {} for key {}; valid types = {}'.format(type(value), name, _VALID_TYPES))
        self[name] = value

    def __str__(self):

        def _indent(s_, num_spaces):
            s = s_.split('\n')
            if len(s) == 1:
                return s_
            first = s.pop(0)
            s = [num_spaces * ' ' + line for line in s]
            s = '\n'.join(s)
            s = first + '\n' + s
            return s
        r = ''
        s = []
        for k, v in sorted(self.items()):
            seperator = '\n' if isinstance(v, CfgNode) else ' '
            attr_str = '{}:{}{}'.format(str(k), seperator, str(v))
            attr_str = _indent(attr_str, 2)
            s.append(attr_str)
        r += '\n'.join(s)
        return r

    def __repr__(self):
        return '{}({})'.format(self.__class__.__name__, super(CfgNode, self).__repr__())

    def dump(self, **kwargs):

        def convert_to_dict(cfg_node, key_list):
            if not isinstance(cfg_node, CfgNode):
                _assert_with_logging(_valid_type(cfg_node), 'Key {} with value {} is not a valid type; valid types: {}'.format('.'.join(key_list), type(cfg_node), _VALID_TYPES))
                return cfg_node
            else:
                cfg_dict = dict(cfg_node)
                for k, v in cfg_dict.items():
                    cfg_dict[k] = convert_to_dict(v, key_list + [k])
                return cfg_dict
        self_as_dict = convert_to_dict(self, [])
        return yaml.safe_dump(self_as_dict, **kwargs)

    def merge_from_file(self, cfg_filename):
        with open(cfg_filename, 'r') as f:
            cfg = self.load_cfg(f)
        self.merge_from_other_cfg(cfg)

    def merge_from_other_cfg(self, cfg_other):
        _merge_a_into_b(cfg_other, self, self, [])

    def merge_from_list(self, cfg_list):
        _assert_with_logging(len(cfg_list) % 2 == 0, 'Override list has odd length: {}; it must be a list of pairs'.format(cfg_list))
        root = self
        for full_key, v in zip(cfg_list[0::2], cfg_list[1::2]):
            if root.key_is_deprecated(full_key):
                continue
            if root.key_is_renamed(full_key):
                root.raise_key_rename_error(full_key)
            key_list = full_key.split('.')
            d = self
            for subkey in key_list[:-1]:
                _assert_with_logging(subkey in d, 'Non-existent key: {}'.format(full_key))
                d = d[subkey]
            subkey = key_list[-1]
            _assert_with_logging(subkey in d, 'Non-existent key: {}'.format(full_key))
            value = self._decode_cfg_value(v)
            value = _check_and_coerce_cfg_value_type(value, d[subkey], subkey, full_key)
            d[subkey] = value

    def freeze(self):
        self._immutable(True)

    def defrost(self):
        self._immutable(False)

    def is_frozen(self):
        return self.__dict__[CfgNode.IMMUTABLE]

    def _immutable(self, is_immutable):
        self.__dict__[CfgNode.IMMUTABLE] = is_immutable
        for v in self.__dict__.values():
            if isinstance(v, CfgNode):
                v._immutable(is_immutable)
        for v in self.values():
            if isinstance(v, CfgNode):
                v._immutable(is_immutable)

    def clone(self):
        return copy.deepcopy(self)

    def register_deprecated_key(self, key):
        _assert_with_logging(key not in self.__dict__[CfgNode.DEPRECATED_KEYS], 'key {} is already registered as a deprecated key'.format(key))
        self.__dict__[CfgNode.DEPRECATED_KEYS].add(key)

    def register_renamed_key(self, old_name, new_name, message=None):
        _assert_with_logging(old_name not in self.__dict__[CfgNode.RENAMED_KEYS], 'key {} is already registered as a renamed cfg key'.format(old_name))
        value = new_name
        if message:
            value = (new_name, message)
        self.__dict__[CfgNode.RENAMED_KEYS][old_name] = value

    def key_is_deprecated(self, full_key):
        if full_key in self.__dict__[CfgNode.DEPRECATED_KEYS]:
            logger.warning('Deprecated config key (ignoring): {}'.format(full_key))
            return True
        return False

    def key_is_renamed(self, full_key):
        return full_key in self.__dict__[CfgNode.RENAMED_KEYS]

    def raise_key_rename_error(self, full_key):
        new_key = self.__dict__[CfgNode.RENAMED_KEYS][full_key]
        if isinstance(new_key, tuple):
            msg = ' Note: ' + new_key[1]
            new_key = new_key[0]
        else:
            msg = ''
        raise KeyError('Key {} was renamed to {}; please update your config.{}'.format(full_key, new_key, msg))

    def is_new_allowed(self):
        return self.__dict__[CfgNode.NEW_ALLOWED]

    def set_new_allowed(self, is_new_allowed):
        self.__dict__[CfgNode.NEW_ALLOWED] = is_new_allowed
        for v in self.__dict__.values():
            if isinstance(v, CfgNode):
                v.set_new_allowed(is_new_allowed)
        for v in self.values():
            if isinstance(v, CfgNode):
                v.set_new_allowed(is_new_allowed)

    @classmethod
    def load_cfg(cls, cfg_file_obj_or_str):
        _assert_with_logging(isinstance(cfg_file_obj_or_str, _FILE_TYPES + (str,)), 'Expected first argument to be of type {} or {}, but it was {}'.format(_FILE_TYPES, str, type(cfg_file_obj_or_str)))
        if isinstance(cfg_file_obj_or_str, str):
            return cls._load_cfg_from_yaml_str(cfg_file_obj_or_str)
        elif isinstance(cfg_file_obj_or_str, _FILE_TYPES):
            return cls._load_cfg_from_file(cfg_file_obj_or_str)
        else:
            raise NotImplementedError("Impossible to reach here (unless there's a bug)")

    @classmethod
    def _load_cfg_from_file(cls, file_obj):
        _, file_extension = os.path.splitext(file_obj.name)
        if file_extension in _YAML_EXTS:
            return cls._load_cfg_from_yaml_str(file_obj.read())
        elif file_extension in _PY_EXTS:
            return cls._load_cfg_py_source(file_obj.name)
        else:
            raise Exception('Attempt to load from an unsupported file type {}; only {} are supported'.format(file_obj, _YAML_EXTS.union(_PY_EXTS)))

    @classmethod
    def _load_cfg_from_yaml_str(cls, str_obj):
        cfg_as_dict = yaml.safe_load(str_obj)
        return cls(cfg_as_dict)

    @classmethod
    def _load_cfg_py_source(cls, filename):
        module = _load_module_from_file('yacs.config.override', filename)
        _assert_with_logging(hasattr(module, 'cfg'), "Python module from file {} must have 'cfg' attr".format(filename))
        VALID_ATTR_TYPES = {dict, CfgNode}
        _assert_with_logging(type(module.cfg) in VALID_ATTR_TYPES, "Imported module 'cfg' attr must be in {} but is {} instead".format(VALID_ATTR_TYPES, type(module.cfg)))
        return cls(module.cfg)

    @classmethod
    def _decode_cfg_value(cls, value):
        if isinstance(value, dict):
            return cls(value)
        if not isinstance(value, str):
            return value
        try:
            value = literal_eval(value)
        except ValueError:
            pass
        except SyntaxError:
            pass
        return value
load_cfg = CfgNode.load_cfg

def _valid_type(value, allow_cfg_node=False):
    return type(value) in _VALID_TYPES or (allow_cfg_node and isinstance(value, CfgNode))

def _merge_a_into_b(a, b, root, key_list):
    _assert_with_logging(isinstance(a, CfgNode), '`a` (cur type {}) must be an instance of {}'.format(type(a), CfgNode))
    _assert_with_logging(isinstance(b, CfgNode), '`b` (cur type {}) must be an instance of {}'.format(type(b), CfgNode))
    for k, v_ in a.items():
        full_key = '.'.join(key_list + [k])
        v = copy.deepcopy(v_)
        v = b._decode_cfg_value(v)
        if k in b:
            v = _check_and_coerce_cfg_value_type(v, b[k], k, full_key)
            if isinstance(v, CfgNode):
                try:
                    _merge_a_into_b(v, b[k], root, key_list + [k])
                except BaseException:
                    raise
            else:
                b[k] = v
        elif b.is_new_allowed():
            b[k] = v
        elif root.key_is_deprecated(full_key):
            continue
        elif root.key_is_renamed(full_key):
            root.raise_key_rename_error(full_key)
        else:
            raise KeyError('Non-existent config key: {}'.format(full_key))

def _check_and_coerce_cfg_value_type(replacement, original, key, full_key):
    original_type = type(original)
    replacement_type = type(replacement)
    if replacement_type == original_type:
        return replacement
    if replacement_type == type(None) and original_type in _VALID_TYPES or (original_type == type(None) and replacement_type in _VALID_TYPES):
        return replacement

    def conditional_cast(from_type, to_type):
        if replacement_type == from_type and original_type == to_type:
            return (True, to_type(replacement))
        else:
            return (False, None)
    casts = [(tuple, list), (list, tuple)]
    try:
        casts.append((str, unicode))
    except Exception:
        pass
    for from_type, to_type in casts:
        converted, converted_value = conditional_cast(from_type, to_type)
        if converted:
            return converted_value
    raise ValueError('Type mismatch ({} vs. {}) with values ({} vs. {}) for config key: {}'.format(original_type, replacement_type, original, replacement, full_key))

def _assert_with_logging(cond, msg):
    if not cond:
        logger.debug(msg)
    assert cond, msg

def _load_module_from_file(name, filename):
    if _PY2:
        module = imp.load_source(name, filename)
    else:
        spec = importlib.util.spec_from_file_location(name, filename)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return module
_CfgNode = CfgNode
import functools, inspect

class DictConfig:
    pass

def configurable(init_func=None, *, from_config=None):
    if init_func is not None:
        assert inspect.isfunction(init_func) and from_config is None and (init_func.__name__ == '__init__'), 'Incorrect use of @configurable. Check API documentation for examples.'

        @functools.wraps(init_func)
        def wrapped(self, *args, **kwargs):
            try:
                from_config_func = type(self).from_config
            except AttributeError as e:
                raise AttributeError("Class with @configurable must have a 'from_config' classmethod.") from e
            if not inspect.ismethod(from_config_func):
                raise TypeError("Class with @configurable must have a 'from_config' classmethod.")
            if _called_with_cfg(*args, **kwargs):
                explicit_args = _get_args_from_config(from_config_func, *args, **kwargs)
                init_func(self, **explicit_args)
            else:
                init_func(self, *args, **kwargs)
        return wrapped
    else:
        if from_config is None:
            return configurable
        assert inspect.isfunction(from_config), 'from_config argument of configurable must be a function!'

        def wrapper(orig_func):

            @functools.wraps(orig_func)
            def wrapped(*args, **kwargs):
                if _called_with_cfg(*args, **kwargs):
                    explicit_args = _get_args_from_config(from_config, *args, **kwargs)
                    return orig_func(**explicit_args)
                else:
                    return orig_func(*args, **kwargs)
            wrapped.from_config = from_config
            return wrapped
        return wrapper

def _get_args_from_config(from_config_func, *args, **kwargs):
    signature = inspect.signature(from_config_func)
    if list(signature.parameters.keys())[0] != 'cfg':
        if inspect.isfunction(from_config_func):
            name = from_config_func.__name__
        else:
            name = f'{from_config_func.__self__}.from_config'
        raise TypeError(f"{name} must take 'cfg' as the first argument!")
    support_var_arg = any((param.kind in [param.VAR_POSITIONAL, param.VAR_KEYWORD] for param in signature.parameters.values()))
    if support_var_arg:
        ret = from_config_func(*args, **kwargs)
    else:
        supported_arg_names = set(signature.parameters.keys())
        extra_kwargs = {}
        for name in list(kwargs.keys()):
            if name not in supported_arg_names:
                extra_kwargs[name] = kwargs.pop(name)
        ret = from_config_func(*args, **kwargs)
        ret.update(extra_kwargs)
    return ret

def _called_with_cfg(*args, **kwargs):
    if len(args) and isinstance(args[0], (_CfgNode, DictConfig)):
        return True
    if isinstance(kwargs.pop('cfg', None), (_CfgNode, DictConfig)):
        return True
    return False
import tempfile
_C = CfgNode()
_C.MODEL = CfgNode()
_C.MODEL.NAME = 'resnet'
_C.MODEL.DEPTH = 50
_C.MODEL.DROPOUT = 0.1
_C.MODEL.LAYERS = (3, 4, 6, 3)
_C.SOLVER = CfgNode(new_allowed=True)
_C.SOLVER.LR = 0.1
_C.SOLVER.STEPS = [30, 60]
_C.SOLVER.NESTEROV = False
_C.OUTPUT_DIR = ''
print(_C)
print(repr(_C.MODEL))
cfg = _C.clone()
cfg.merge_from_list(['MODEL.DEPTH', '101', 'SOLVER.LR', '0.02', 'MODEL.LAYERS', '(1, 2)', 'SOLVER.NESTEROV', 'True', 'OUTPUT_DIR', '/tmp/out'])
print(cfg.MODEL.DEPTH, cfg.SOLVER.LR, cfg.MODEL.LAYERS, cfg.SOLVER.NESTEROV, cfg.OUTPUT_DIR)
other = CfgNode({'SOLVER': {'LR': 0.5, 'MOMENTUM': 0.9}, 'MODEL': {'NAME': 'vit'}})
cfg.merge_from_other_cfg(other)
print(cfg.SOLVER)
cfg.freeze()
print(cfg.is_frozen())
try:
    cfg.MODEL.DEPTH = 3
except AttributeError as e:
    print('AttributeError:', e)
cfg.defrost()
cfg.MODEL.DEPTH = 18
try:
    cfg.merge_from_list(['MODEL.WIDTH', '3'])
except (KeyError, AssertionError) as e:
    print('KeyError:', e)
try:
    cfg.merge_from_list(['MODEL.DEPTH', "'deep'"])
except (ValueError, AssertionError) as e:
    print('ValueError:', e)
cfg.register_deprecated_key('MODEL.OLD')
cfg.merge_from_list(['MODEL.OLD', '1'])
cfg.register_renamed_key('MODEL.ARCH', 'MODEL.NAME', message='use NAME')
try:
    cfg.merge_from_list(['MODEL.ARCH', 'x'])
except (KeyError, AssertionError) as e:
    print('KeyError:', e)
with tempfile.TemporaryDirectory() as d:
    import os
    p = os.path.join(d, 'extra_cfg.py')
    with open(p, 'w') as f:
        f.write("cfg = {'SOLVER': {'LR': 0.003}}\n")
    try:
        with open(p) as cfg_file:
            loaded = CfgNode.load_cfg(cfg_file)
        print('loaded', loaded)
    except Exception as e:
        print(type(e).__name__, e)
print(sorted(cfg.keys()), len(cfg))
print(cfg.get('MISSING', 'dflt'), 'MODEL' in cfg)
import copy as _copy
c2 = _copy.deepcopy(cfg)
print(type(c2).__name__, c2 == cfg, c2.MODEL.DEPTH)

class A:

    @configurable
    def __init__(self, a, b=2, c=3):
        self.a, self.b, self.c = (a, b, c)
        print('A.__init__', a, b, c)

    @classmethod
    def from_config(cls, cfg):
        return {'a': cfg.A, 'b': cfg.B}

@configurable(from_config=lambda cfg, **kw: {'a': cfg.A, 'b': cfg.B})
def a_func(a, b=2, c=3):
    return a + b + c

@configurable(from_config=lambda cfg, scale: {'a': cfg.A * scale, 'b': cfg.B})
def b_func(a, b=2, c=3):
    return a * b * c
cfg = CfgNode({'A': 10, 'B': 20})
A(a=1, b=2)
A(cfg)
A(cfg, c=4)
A(cfg=cfg, c=5)
print(a_func(1), a_func(cfg), a_func(cfg, c=100), a_func.__name__, a_func.__doc__)
print(b_func(cfg, scale=2, c=7))
print(inspect.signature(A.__init__), inspect.signature(a_func))

class Bad:

    @configurable
    def __init__(self, x):
        pass
try:
    Bad(cfg)
except AttributeError as e:
    print('AttributeError:', e, '| cause:', type(e.__cause__).__name__)

class Bad2:

    @configurable
    def __init__(self, x):
        pass

    @classmethod
    def from_config(cls, config):
        return {}
try:
    Bad2(cfg)
except TypeError as e:
    print('TypeError:', str(e).split('.from_config')[-1])
try:
    configurable(lambda x: x)
except AssertionError as e:
    print('AssertionError:', e)
print(configurable() is configurable)
