# torch.export.graph_signature: how an ExportedProgram's graph inputs and outputs map to the module's
# parameters, buffers, constants and the user's arguments and results (PyTorch 2.11's dataclasses,
# their properties and printouts: `print(ep.graph_signature)` lists `name: KIND target='fqn'`).
import dataclasses
from enum import Enum, auto

__all__ = ["ConstantArgument", "CustomObjArgument", "ExportBackwardSignature", "ExportGraphSignature",
           "InputKind", "InputSpec", "OutputKind", "OutputSpec", "SymIntArgument", "SymBoolArgument",
           "SymFloatArgument", "TensorArgument", "TokenArgument"]


@dataclasses.dataclass
class TensorArgument:
    name: str


@dataclasses.dataclass
class TokenArgument:
    name: str


@dataclasses.dataclass
class SymIntArgument:
    name: str


@dataclasses.dataclass
class SymFloatArgument:
    name: str


@dataclasses.dataclass
class SymBoolArgument:
    name: str


@dataclasses.dataclass
class CustomObjArgument:
    name: str
    class_fqn: str


@dataclasses.dataclass
class ConstantArgument:
    name: str
    value: object


class InputKind(Enum):
    USER_INPUT = auto()
    PARAMETER = auto()
    BUFFER = auto()
    CONSTANT_TENSOR = auto()
    CUSTOM_OBJ = auto()
    TOKEN = auto()


@dataclasses.dataclass
class InputSpec:
    kind: InputKind
    arg: object
    target: object
    persistent: object = None

    def __post_init__(self):
        if self.kind == InputKind.BUFFER:
            assert self.persistent is not None, "Failed to specify persistent flag on BUFFER."

    def __str__(self):
        target = "" if self.target is None else f" target='{self.target}'"
        persistent = "" if self.persistent is None else f" persistent={self.persistent}"
        return f"{str(self.arg.name)}: {str(self.kind.name)}{target}{persistent}"


class OutputKind(Enum):
    USER_OUTPUT = auto()
    LOSS_OUTPUT = auto()
    BUFFER_MUTATION = auto()
    PARAMETER_MUTATION = auto()
    GRADIENT_TO_PARAMETER = auto()
    GRADIENT_TO_USER_INPUT = auto()
    USER_INPUT_MUTATION = auto()
    TOKEN = auto()


@dataclasses.dataclass
class OutputSpec:
    kind: OutputKind
    arg: object
    target: object

    def __str__(self):
        target = "" if self.target is None else f" target='{self.target}'"
        return f"{str(self.arg.name)}: {str(self.kind.name)}{target}"


@dataclasses.dataclass
class ExportBackwardSignature:
    gradients_to_parameters: dict
    gradients_to_user_inputs: dict
    loss_output: str


@dataclasses.dataclass
class ExportGraphSignature:
    """The inputs are [*parameters, *buffers, *constants, *user inputs]; the outputs
    [*mutated buffers and inputs, *user outputs]."""

    input_specs: list
    output_specs: list

    @property
    def parameters(self):
        return [s.target for s in self.input_specs if s.kind == InputKind.PARAMETER if isinstance(s.target, str)]

    @property
    def buffers(self):
        return [s.target for s in self.input_specs if s.kind == InputKind.BUFFER if isinstance(s.target, str)]

    @property
    def non_persistent_buffers(self):
        return [s.target for s in self.input_specs
                if s.kind == InputKind.BUFFER if s.persistent is False if isinstance(s.target, str)]

    @property
    def lifted_tensor_constants(self):
        return [s.target for s in self.input_specs if s.kind == InputKind.CONSTANT_TENSOR if isinstance(s.target, str)]

    @property
    def lifted_custom_objs(self):
        return [s.target for s in self.input_specs if s.kind == InputKind.CUSTOM_OBJ if isinstance(s.target, str)]

    @property
    def user_inputs(self):
        out = []
        for s in self.input_specs:
            if s.kind != InputKind.USER_INPUT:
                continue
            out.append(s.arg.value if isinstance(s.arg, ConstantArgument) else s.arg.name)
        return tuple(out)

    @property
    def user_outputs(self):
        out = []
        for s in self.output_specs:
            if s.kind != OutputKind.USER_OUTPUT:
                continue
            out.append(s.arg.value if isinstance(s.arg, ConstantArgument) else s.arg.name)
        return tuple(out)

    @property
    def inputs_to_parameters(self):
        return {s.arg.name: s.target for s in self.input_specs
                if s.kind == InputKind.PARAMETER and isinstance(s.arg, TensorArgument) and isinstance(s.target, str)}

    @property
    def inputs_to_buffers(self):
        return {s.arg.name: s.target for s in self.input_specs
                if s.kind == InputKind.BUFFER and isinstance(s.arg, TensorArgument) and isinstance(s.target, str)}

    @property
    def buffers_to_mutate(self):
        return {s.arg.name: s.target for s in self.output_specs
                if s.kind == OutputKind.BUFFER_MUTATION and isinstance(s.arg, TensorArgument)
                and isinstance(s.target, str)}

    @property
    def parameters_to_mutate(self):
        return {s.arg.name: s.target for s in self.output_specs
                if s.kind == OutputKind.PARAMETER_MUTATION and isinstance(s.arg, TensorArgument)
                and isinstance(s.target, str)}

    @property
    def user_inputs_to_mutate(self):
        return {s.arg.name: s.target for s in self.output_specs
                if s.kind == OutputKind.USER_INPUT_MUTATION and isinstance(s.arg, TensorArgument)
                and isinstance(s.target, str)}

    @property
    def inputs_to_lifted_tensor_constants(self):
        return {s.arg.name: s.target for s in self.input_specs
                if s.kind == InputKind.CONSTANT_TENSOR and isinstance(s.arg, TensorArgument)
                and isinstance(s.target, str)}

    @property
    def backward_signature(self):
        return None

    @property
    def assertion_dep_token(self):
        return None

    @property
    def input_tokens(self):
        return [s.arg.name for s in self.input_specs if s.kind == InputKind.TOKEN]

    @property
    def output_tokens(self):
        return [s.arg.name for s in self.output_specs if s.kind == OutputKind.TOKEN]

    def __str__(self):
        input_specs = "\n".join(str(s) for s in self.input_specs)
        output_specs = "\n".join(str(s) for s in self.output_specs)
        return f"\n# inputs\n{input_specs}\n\n# outputs\n{output_specs}\n"
