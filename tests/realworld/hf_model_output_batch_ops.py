# Real-program corpus (tests/realworld, see README.md): the output and batch containers of Hugging
# Face code: ModelOutput as in huggingface/transformers src/transformers/utils/generic.py (the copy
# in pytorch/pytorch test/dynamo/test_model_output.py) with BaseModelOutput / CausalLMOutputWithPast,
# and the nested-batch helpers of huggingface/accelerate src/accelerate/utils/operations.py @
# 16cb6eb80dd9aa8b4df1a63ef57863e455d53b83 (is_namedtuple, honor_type, recursively_apply,
# send_to_device with skip_keys, get_data_structure/initialize_tensors over a TensorInformation
# dataclass, get_shape, find_batch_size, listify, slice_tensors, concatenate, convert_to_fp32,
# ConvertOutputsToFp32 with update_wrapper and a __getstate__ that refuses pickling, find_device).
# Written for Kiln, not copied. Changes: accelerate's state/import helpers are left out
# (is_npu_available is False); a small driver builds nested batches. Exercises an OrderedDict +
# dataclass subclass (__post_init__ over fields(), __setattr__/__setitem__ overrides, forbidden
# update/pop, __reduce__ for pickle and deepcopy), collections.abc.Mapping, namedtuples rebuilt
# with type(obj)(*items). (Compiling a function that builds a ModelOutput is an open gap: GAPS.md,
# probe 31b.)
import copy, pickle
from collections import OrderedDict
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Optional, Tuple
import torch

def is_tensor(x):
    return isinstance(x, torch.Tensor)

class ModelOutput(OrderedDict):

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        is_modeloutput_subclass = self.__class__ != ModelOutput
        if is_modeloutput_subclass and (not is_dataclass(self)):
            raise TypeError(f'{self.__module__}.{self.__class__.__name__} is not a dataclasss. This is a subclass of ModelOutput and so must use the @dataclass decorator.')

    def __post_init__(self):
        class_fields = fields(self)
        if not len(class_fields):
            raise ValueError(f'{self.__class__.__name__} has no fields.')
        if not all((field.default is None for field in class_fields[1:])):
            raise ValueError(f'{self.__class__.__name__} should not have more than one required field.')
        first_field = getattr(self, class_fields[0].name)
        other_fields_are_none = all((getattr(self, field.name) is None for field in class_fields[1:]))
        if other_fields_are_none and (not is_tensor(first_field)):
            if isinstance(first_field, dict):
                iterator = first_field.items()
                first_field_iterator = True
            else:
                try:
                    iterator = iter(first_field)
                    first_field_iterator = True
                except TypeError:
                    first_field_iterator = False
            if first_field_iterator:
                for idx, element in enumerate(iterator):
                    if not isinstance(element, (list, tuple)) or not len(element) == 2 or (not isinstance(element[0], str)):
                        if idx == 0:
                            self[class_fields[0].name] = first_field
                        else:
                            raise ValueError(f'Cannot set key/value for {element}. It needs to be a tuple (key, value).')
                        break
                    setattr(self, element[0], element[1])
                    if element[1] is not None:
                        self[element[0]] = element[1]
            elif first_field is not None:
                self[class_fields[0].name] = first_field
        else:
            for field in class_fields:
                v = getattr(self, field.name)
                if v is not None:
                    self[field.name] = v

    def __delitem__(self, *args, **kwargs):
        raise Exception(f'You cannot use ``__delitem__`` on a {self.__class__.__name__} instance.')

    def setdefault(self, *args, **kwargs):
        raise Exception(f'You cannot use ``setdefault`` on a {self.__class__.__name__} instance.')

    def pop(self, *args, **kwargs):
        raise Exception(f'You cannot use ``pop`` on a {self.__class__.__name__} instance.')

    def update(self, *args, **kwargs):
        raise Exception(f'You cannot use ``update`` on a {self.__class__.__name__} instance.')

    def __getitem__(self, k):
        if isinstance(k, str):
            inner_dict = dict(self.items())
            return inner_dict[k]
        else:
            return self.to_tuple()[k]

    def __setattr__(self, name, value):
        if name in self.keys() and value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        super().__setattr__(key, value)

    def __reduce__(self):
        if not is_dataclass(self):
            return super().__reduce__()
        callable, _args, *remaining = super().__reduce__()
        args = tuple((getattr(self, field.name) for field in fields(self)))
        return (callable, args, *remaining)

    def to_tuple(self) -> Tuple[Any]:
        return tuple((self[k] for k in self.keys()))

@dataclass
class BaseModelOutput(ModelOutput):
    last_hidden_state: torch.FloatTensor = None
    hidden_states: Optional[Tuple[torch.FloatTensor, ...]] = None
    attentions: Optional[Tuple[torch.FloatTensor, ...]] = None

@dataclass
class CausalLMOutputWithPast(ModelOutput):
    loss: Optional[torch.FloatTensor] = None
    logits: torch.FloatTensor = None
    past_key_values: Optional[Tuple[Tuple[torch.FloatTensor]]] = None
import warnings
from collections.abc import Mapping
from contextlib import contextmanager, nullcontext
from functools import update_wrapper, wraps
from typing import Any

@dataclass
class TensorInformation:
    shape: torch.Size
    dtype: torch.dtype

def is_torch_tensor(tensor):
    return isinstance(tensor, torch.Tensor)

def is_npu_available():
    return False

def is_tensor_information(tensor_info):
    return isinstance(tensor_info, TensorInformation)

def is_namedtuple(data):
    return isinstance(data, tuple) and hasattr(data, '_asdict') and hasattr(data, '_fields')

def honor_type(obj, generator):
    if is_namedtuple(obj):
        return type(obj)(*list(generator))
    else:
        return type(obj)(generator)

def recursively_apply(func, data, *args, test_type=is_torch_tensor, error_on_other_type=False, **kwargs):
    if isinstance(data, (tuple, list)):
        return honor_type(data, (recursively_apply(func, o, *args, test_type=test_type, error_on_other_type=error_on_other_type, **kwargs) for o in data))
    elif isinstance(data, Mapping):
        return type(data)({k: recursively_apply(func, v, *args, test_type=test_type, error_on_other_type=error_on_other_type, **kwargs) for k, v in data.items()})
    elif test_type(data):
        return func(data, *args, **kwargs)
    elif error_on_other_type:
        raise TypeError(f'Unsupported types ({type(data)}) passed to `{func.__name__}`. Only nested list/tuple/dicts of objects that are valid for `{test_type.__name__}` should be passed.')
    return data

def send_to_device(tensor, device, non_blocking=False, skip_keys=None):
    if is_torch_tensor(tensor) or hasattr(tensor, 'to'):
        if device == 'npu':
            device = 'npu:0'
        try:
            return tensor.to(device, non_blocking=non_blocking)
        except TypeError:
            return tensor.to(device)
        except AssertionError as error:
            if is_npu_available():
                if isinstance(device, int):
                    device = f'npu:{device}'
            else:
                raise error
        try:
            return tensor.to(device, non_blocking=non_blocking)
        except TypeError:
            return tensor.to(device)
    elif isinstance(tensor, (tuple, list)):
        return honor_type(tensor, (send_to_device(t, device, non_blocking=non_blocking, skip_keys=skip_keys) for t in tensor))
    elif isinstance(tensor, Mapping):
        if isinstance(skip_keys, str):
            skip_keys = [skip_keys]
        elif skip_keys is None:
            skip_keys = []
        return type(tensor)({k: t if k in skip_keys else send_to_device(t, device, non_blocking=non_blocking, skip_keys=skip_keys) for k, t in tensor.items()})
    else:
        return tensor

def get_data_structure(data):

    def _get_data_structure(tensor):
        return TensorInformation(shape=tensor.shape, dtype=tensor.dtype)
    return recursively_apply(_get_data_structure, data)

def get_shape(data):

    def _get_shape(tensor):
        return list(tensor.shape)
    return recursively_apply(_get_shape, data)

def initialize_tensors(data_structure):

    def _initialize_tensor(tensor_info):
        return torch.empty(*tensor_info.shape, dtype=tensor_info.dtype)
    return recursively_apply(_initialize_tensor, data_structure, test_type=is_tensor_information)

def find_batch_size(data):
    if isinstance(data, (tuple, list, Mapping)) and len(data) == 0:
        raise ValueError(f'Cannot find the batch size from empty {type(data)}.')
    if isinstance(data, (tuple, list)):
        return find_batch_size(data[0])
    elif isinstance(data, Mapping):
        for k in data.keys():
            return find_batch_size(data[k])
    elif not isinstance(data, torch.Tensor):
        raise TypeError(f'Can only find the batch size of tensors but got {type(data)}.')
    return data.shape[0]

def ignorant_find_batch_size(data):
    try:
        return find_batch_size(data)
    except (ValueError, TypeError):
        pass
    return None

def listify(data):

    def _convert_to_list(tensor):
        tensor = tensor.detach().cpu()
        if tensor.dtype == torch.bfloat16:
            tensor = tensor.to(torch.float32)
        return tensor.tolist()
    return recursively_apply(_convert_to_list, data)

def slice_tensors(data, tensor_slice, process_index=None, num_processes=None):

    def _slice_tensor(tensor, tensor_slice):
        return tensor[tensor_slice]
    return recursively_apply(_slice_tensor, data, tensor_slice)

def concatenate(data, dim=0):
    if isinstance(data[0], (tuple, list)):
        return honor_type(data[0], (concatenate([d[i] for d in data], dim=dim) for i in range(len(data[0]))))
    elif isinstance(data[0], Mapping):
        return type(data[0])({k: concatenate([d[k] for d in data], dim=dim) for k in data[0].keys()})
    elif isinstance(data[0], torch.Tensor):
        return torch.cat(data, dim=dim)
    elif isinstance(data, (tuple, list)) and len(data) == 1:
        return data[0]
    else:
        raise TypeError(f'Can only concatenate tensors but got {type(data[0])}')

def convert_to_fp32(tensor):

    def _convert_to_fp32(tensor):
        return tensor.float()

    def _is_fp16_bf16_tensor(tensor):
        return (is_torch_tensor(tensor) or hasattr(tensor, 'dtype')) and tensor.dtype in (torch.float16, torch.bfloat16)
    return recursively_apply(_convert_to_fp32, tensor, test_type=_is_fp16_bf16_tensor)

class ConvertOutputsToFp32:

    def __init__(self, model_forward):
        self.model_forward = model_forward
        update_wrapper(self, model_forward)

    def __call__(self, *args, **kwargs):
        return convert_to_fp32(self.model_forward(*args, **kwargs))

    def __getstate__(self):
        raise pickle.PicklingError('Cannot pickle a prepared model with automatic mixed precision, please unwrap the model with `Accelerator.unwrap_model(model)` before pickling it.')

def convert_outputs_to_fp32(model_forward):
    model_forward = ConvertOutputsToFp32(model_forward)

    def forward(*args, **kwargs):
        return model_forward(*args, **kwargs)
    forward.__wrapped__ = model_forward
    return forward

def find_device(data):
    if isinstance(data, Mapping):
        for obj in data.values():
            device = find_device(obj)
            if device is not None:
                return device
    elif isinstance(data, (tuple, list)):
        for obj in data:
            device = find_device(obj)
            if device is not None:
                return device
    elif isinstance(data, torch.Tensor):
        return data.device
torch.manual_seed(0)
a = torch.arange(4.0)
b = torch.ones(4)
o = BaseModelOutput(a + 1, attentions=b + 3)
print(type(o).__name__, list(o.keys()), o[0], o['attentions'], o.hidden_states, len(o), o.to_tuple()[1])
o.hidden_states = a * 2
o['attentions'] = a + b
print(list(o.keys()), o.attentions, o[1:])
print(o)
print(repr(CausalLMOutputWithPast(logits=torch.zeros(2))))
kv = BaseModelOutput([('last_hidden_state', a), ('attentions', None)])
print(list(kv.keys()), kv.attentions)
for bad in (lambda: o.pop('attentions'), lambda: o.update(x=1), lambda: o.setdefault('x'), lambda: o.__delitem__('attentions')):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
try:

    @dataclass
    class TwoRequired(ModelOutput):
        a: int
        b: int
    TwoRequired(1, 2)
except ValueError as e:
    print('ValueError:', e)

class NotDC(ModelOutput):
    pass
try:
    NotDC(a=1)
except TypeError as e:
    print('TypeError:', e)
p = pickle.loads(pickle.dumps(o))
print(type(p).__name__, list(p.keys()), torch.equal(p.last_hidden_state, o.last_hidden_state))
c = copy.deepcopy(o)
print(type(c).__name__, list(c.keys()), c.attentions is not o.attentions)
d = copy.copy(o)
print(list(d.keys()), d.hidden_states is o.hidden_states)
lhs, att = o.values()
print(lhs.sum().item(), isinstance(o, dict), dict(o).keys())

def fn(x, y):
    out = CausalLMOutputWithPast(logits=x * 2)
    out.loss = (x - y).pow(2).mean()
    out['past_key_values'] = ((x, y),)
    return out
eager = fn(a, b)
print(type(eager).__name__, list(eager.keys()), eager.loss, eager.logits)
from collections import namedtuple, OrderedDict
import copy
Batch = namedtuple('Batch', ['input_ids', 'labels'])
torch.manual_seed(0)
batch = {'x': torch.randn(4, 3), 'meta': {'ids': [torch.arange(4), torch.ones(4, dtype=torch.int64)], 'name': 'b0'}, 'pair': Batch(torch.zeros(4, 2, dtype=torch.float16), torch.tensor([1, 0, 1, 1])), 'lr': 0.1}
print(is_namedtuple(batch['pair']), is_namedtuple((1, 2)), honor_type(batch['pair'], iter([1, 2])), honor_type([1], (i for i in range(3))))
print(get_shape(batch))
info = get_data_structure(batch)
print(info['pair'], type(info['pair']).__name__, info['meta']['name'])
init = initialize_tensors(info)
print(type(init['pair']).__name__, init['x'].shape, init['pair'].input_ids.dtype)
moved = send_to_device(batch, 'cpu', skip_keys='meta')
print(moved['meta'] is batch['meta'], type(moved['pair']).__name__, moved['x'] is batch['x'])
print(send_to_device(OrderedDict(a=torch.ones(1)), torch.device('cpu')), send_to_device('text', 'cpu'))
print(find_batch_size(batch), find_batch_size([[torch.ones(7, 2)]]), ignorant_find_batch_size({}), ignorant_find_batch_size(['s']))
for bad in ({}, [3]):
    try:
        find_batch_size(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(listify({'a': torch.tensor([[1.5, 2.0]]), 'b': (torch.tensor(3), 'keep'), 'c': torch.tensor([0.5], dtype=torch.bfloat16)}))
print(get_shape(slice_tensors(batch, slice(1, 3))))
print(concatenate([{'a': torch.ones(2), 't': (torch.zeros(1, 2),)}, {'a': torch.zeros(3), 't': (torch.ones(2, 2),)}]))
print(concatenate([[torch.ones(1)]]), concatenate([torch.ones(1)]))
try:
    concatenate([1, 2])
except TypeError as e:
    print('TypeError:', e)
try:
    recursively_apply(lambda t: t, {'a': 'x'}, error_on_other_type=True)
except TypeError as e:
    print('TypeError:', e)
print(find_device(batch), find_device({'s': 'x'}), find_device([1, [torch.ones(1)]]))
conv = convert_to_fp32(batch)
print(conv['pair'].input_ids.dtype, conv['pair'].labels.dtype, conv['x'] is batch['x'])

class Net(torch.nn.Module):

    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 2)

    def forward(self, x):
        return {'logits': self.lin(x).half(), 'aux': (x.half(),)}
net = Net()
fwd = convert_outputs_to_fp32(net.forward)
out = fwd(batch['x'])
print(out['logits'].dtype, out['aux'][0].dtype, fwd.__wrapped__.__name__, fwd.__wrapped__.__doc__, type(fwd.__wrapped__).__name__)
try:
    pickle.dumps(fwd.__wrapped__)
except pickle.PicklingError as e:
    print('PicklingError:', str(e)[:50])
