"""Records tests/hostile/torch_words.json with torch: scripts where gradcli used to answer in Python's or numpy's
words (or not at all) — narrow out of range, assigning None, reductions over nothing, std of one element,
softmax over an empty dim, matrix products of the wrong shapes — and what torch prints and raises for each
(`Kind: message`, the first line). tests/lang/test_torch_words.py runs them through gradcli. Run with a Python that
has torch 2.13."""

import contextlib
import io
import json
import pathlib
import warnings

import torch

SETUP = "import torch\nx = torch.arange(6.).reshape(2, 3)\ne = torch.zeros(0)\nz = torch.zeros(2, 0)\n"
CASES = {
    "narrow_past_the_end": "print(x.narrow(1, 2, 5))",
    "narrow_start_out_of_range": "print(torch.narrow(x, 1, 4, 0))",
    "narrow_negative_length": "print(x.narrow(0, 0, -1))",
    "narrow_negative_start": "print(x.narrow(1, -2, 2))",
    "narrow_0d": "print(torch.tensor(1.).narrow(0, 0, 1))",
    "assign_none": "x[0] = None\nprint(x)",
    "assign_str": "x[0, 1] = 'a'\nprint(x)",
    "assign_none_int": "i = torch.arange(3)\ni[1] = None",
    "std_one_element_backward": "w = torch.tensor([2.], requires_grad=True)\ny = w.std()\ny.backward()\nprint(y, w.grad)",
    "var_one_element_backward": "w = torch.tensor([2.], requires_grad=True)\nw.var().backward()\nprint(w.grad)",
    "std_dim_one_element_backward": ("w = torch.tensor([[2.], [3.]], requires_grad=True)\n"
                                     "w.std(1).sum().backward()\nprint(w.grad)"),
    "var_correction_past_n_backward": ("w = torch.tensor([1., 2.], requires_grad=True)\n"
                                       "w.var(correction=3).backward()\nprint(w.grad)"),
    "amax_of_nothing": "print(e.amax())",
    "amin_of_nothing": "print(torch.amin(e))",
    "max_of_nothing": "print(e.max())",
    "min_of_nothing": "print(torch.min(e))",
    "argmax_of_nothing": "print(e.argmax())",
    "argmin_of_nothing": "print(torch.argmin(e))",
    "amax_empty_dim": "print(z.amax(1))",
    "amin_empty_dim": "print(z.amin(dim=1))",
    "max_empty_dim": "print(z.max(1))",
    "min_empty_dim": "print(torch.min(z, 1))",
    "argmax_empty_dim": "print(z.argmax(1))",
    "argmin_empty_dim": "print(z.argmin(dim=-1))",
    "amax_nonempty_dim_of_empty": "print(z.amax(0))",
    "max_nonempty_dim_of_empty": "print(z.max(0))",
    "median_of_nothing": "print(e.median())",
    "median_empty_dim": "print(z.median(1))",
    "softmax_empty_dim": "print(z.softmax(1))",
    "log_softmax_empty_dim": "print(torch.log_softmax(z, dim=1))",
    "softmax_of_nothing": "print(torch.softmax(e, 0))",
    "addmm_shapes": "print(torch.addmm(x, x, x))",
    "addmm_vector": "print(torch.addmm(x, x[0], x))",
    "addmm_method_shapes": "print(x.addmm(x, x.t().t()))",
    "logsumexp_empty_dim": "print(z.logsumexp(1))",
    "round_decimals_past_float_range": ("print(torch.round(x, decimals=400), torch.round(x.double(), decimals=-39),"
                                        " torch.round(x, decimals=-10**8))"),
    "round_positional_decimals": "print(torch.round(x, 2))",
    "round_number_decimals": "print(torch.round(1, decimals=-10**8))",
    "data_set_to_a_number": "x.data = 1.5",
    "data_set_to_a_list": "x.data = [1.0]",
    "tensor_positional_dtype": "print(torch.tensor([1., 2.], torch.float64))",
    "tensor_three_positional": "print(torch.tensor([1], 2, True))",
    "call_without_arguments": "torch.flatten()",
    "call_without_arguments_overloaded": "torch.sum()",
    "call_missing_an_argument": "torch.reshape(x)",
    "call_missing_the_last_argument": "torch.transpose(x, 0)",
    "call_missing_two_arguments": "torch.mv()",
    "call_of_a_generated_door_without_arguments": "torch.ones_like()",
    "call_of_an_alias_without_arguments": "torch.clamp()",
    "call_with_too_many_arguments": "torch.tanh(x, x)",
    "call_with_a_number_for_a_tensor": "torch.prod('a')",
    "call_with_a_number_overloaded": "torch.std(1.5)",
    "call_with_a_number_max": "torch.max(3)",
    "type_name_of_a_script_function": "def f():\n    pass\nprint(f[0])",
    "type_name_of_a_script_function_len": "def f():\n    pass\nprint(len(f))",
    "type_name_of_a_lambda": "g = lambda: 1\nprint(g + 1)",
    "type_name_of_a_module": "print(-torch)",
    "type_name_of_a_dtype": "print(1 in torch.float32)",
    "type_name_of_a_builtin_class": "print(-str)",
    "caret_of_strings": "print('a' ^ 'b')",
    "caret_augmented_of_a_dict": "d = 1\nd ^= {}",
    "inplace_result_larger_than_self": ("y = torch.ones(3)\ntry:\n    y.add_(x)\nexcept RuntimeError as error:\n"
                                        "    print(error, y)\nz.copy_(torch.ones(0))\nl = torch.tensor(1.)\n"
                                        "l -= torch.ones(4, 0)"),
    "star_of_a_number_to_a_torch_function": "torch.matmul(*1.5)",
    "star_of_a_number_after_arguments": "print(type(bool, *0x1f))",
    "star_of_a_module_to_a_builtin": "print(*torch.autograd)",
    "star_of_a_number_to_a_script_function": "def f(*a):\n    pass\nf(*1)",
    "diff_of_nothing": "print(torch.diff(e), z.diff(), x.diff(n=5), torch.tensor([True, False, False]).diff())",
    # the builtins gradcli stands in for, as CPython names them and refuses their calls
    "builtins_printed": "print(print, sum, range, map, type, str, type(print), type(range), type(type), repr(iter))",
    "builtin_function_subscripted": "print(print[0, 0])",
    "builtin_class_subscripted": "filter[0]",
    "builtin_class_negated": "print(-type)",
    "builtin_function_in_arithmetic": "print(1.5 - isinstance)",
    "builtin_function_formatted": "print(f'<{pow:.2f}>')",
    "builtin_class_formatted": "print(f'<{range:>4}>')",
    "builtin_class_iterated": "for s in zip:\n    pass",
    "builtin_class_compared": "print(filter < -1)",
    "builtin_function_as_a_grad": "x.grad = reversed",
    "builtin_function_assigned_into_a_tensor": "x[0] = sum",
    "attribute_of_a_builtin_class": "print((set).next_functions)",
    "attribute_of_a_stand_in_class": "print(map.float)",
    "attribute_of_a_builtin_function": "print(round.requires_grad_)",
    "attribute_set_on_a_number": "n = 1\nn.grad = 2",
    "type_of_two_arguments": "type(1, 2)",
    "iter_of_nothing": "iter()",
    "sum_of_nothing": "sum()",
    "pow_of_one_argument": "pow(2)",
    "isinstance_of_one_argument": "isinstance(1)",
    "range_with_a_keyword": "range(3, min=1)",
    "round_of_three_arguments": "round(1, 2, 3)",
    "format_of_nothing": "format()",
    "isinstance_of_a_range": "print(isinstance(range(3), range), isinstance(map(abs, []), map), type(range(2))(3))",
    # Tensor methods called with arguments torch's parser refuses
    "method_with_too_many_arguments": "x.sum(1, 2, 3, 4)",
    "method_without_parameters_given_some": "x.t(1, 2, 3)",
    "method_without_parameters_given_a_keyword": "x.exp(foo=1)",
    "method_given_text": "x.view('a')",
    "method_given_text_overloaded": "x.mean('a')",
    "method_given_a_text_keyword": "x.sum(dim='a')",
    "method_given_an_unknown_keyword": "x.clamp(foo=1)",
    "method_given_keywords_alone": "x.view(foo=1, bar=2)",
    "method_taking_nothing_given_one": "x.float(1)",
    "method_missing_an_argument": "x.transpose(0)",
    "method_of_one_signature_given_nothing": "x.add()",
    "method_given_text_for_a_tensor": "x.mul('a')",
    "function_given_keywords_alone": "torch.sum(foo=1, bar=2)",
    "function_without_parameters_given_one": "torch.get_default_dtype(1)",
    "function_given_numbers_for_tensors": "torch.min(1.5, 1.5)",
    "function_given_numbers_for_tensors_overloaded": "torch.sum(1, 0)",
    "function_given_a_builtin": "torch.pow(print, 'a')",
    "function_given_a_method": "torch.pow(x.sum, 'a')",
    "randint_given_text": "torch.randint('a')",
    "randint_given_nothing": "torch.randint()",
    "str_method_of_a_stand_in": "print(('{x}').format.keys)",
    "str_join_of_a_number": "print(', '.join(1.5))",
    # calls with several starred arguments, evaluated in order as CPython does
    "stars_several": "print(*[1, 2], 3, *[4])",
    "star_of_a_number_after_a_star": "print(*[1], *2)",
    "star_of_a_number_first_of_several": "torch.softmax(*5, print, *{})",
    "star_evaluated_before_later_arguments": "torch.squeeze(*3, ([]).backward, *'LF')",
    "stars_and_keywords_spread": "def f(*a, **k):\n    print(a, k)\nf(*[1], 2, *(3,), k=1, **{'j': 2}, **{'m': 3})",
    "double_star_of_a_number": "print(**1)",
    # torch.tensor of ints beyond int64, where torch meets them
    "tensor_of_an_int_beyond_int64": "torch.tensor([[2**62, 10**20]])",
    "tensor_of_an_int_beyond_int64_before_a_short_row": "torch.tensor([[1000, 10**20], [-1]])",
    "tensor_short_row_before_an_int_beyond_int64": "torch.tensor([[1, 2], [10**20]])",
    "tensor_of_an_int_beyond_int32": "torch.tensor([2**40], dtype=torch.int32)",
    "requires_grad_set_to_a_tensor": "x.requires_grad = torch.ones(2)",
    # an overloaded function where only one signature takes that many arguments: that signature's complaint
    "one_signature_takes_the_count_given_text": "torch.arange('a')",
    "one_signature_takes_the_count_given_too_many": "torch.floor_divide(x, x, x)",
    "one_signature_takes_the_count_missing_input": "torch.sum(max=0.0)",
    "one_signature_takes_the_count_given_an_unknown_keyword": "torch.sum(x, 1, foo=1, bar=2)",
    "two_signatures_take_the_count_given_text": "torch.max(x, 'a')",
    # torch's functions and methods written in Python refuse in Python's words, with their names and parameters
    "python_method_missing_an_argument": "x.split()",
    "python_method_given_too_many": "x.norm(1, 2, 3, 4, 5, 6)",
    "python_method_given_an_unknown_keyword": "x.backward(foo=1)",
    "python_method_given_an_argument_twice": "x.split(1, split_size=2)",
    "python_function_missing_an_argument": "torch.norm()",
    "python_function_of_other_parameter_names": "torch.split(x)",
    # a C function of one argument refuses in CPython's words (torch.from_numpy)
    "from_numpy_given_two": "torch.from_numpy(x, x)",
    "from_numpy_given_none": "torch.from_numpy()",
    "from_numpy_given_a_keyword": "torch.from_numpy(x, sep=1)",
    # a tuple of Tensors holding something else
    "cat_of_a_dict": "print(torch.cat([x, {}]))",
    "stack_of_a_number": "print(torch.stack((1, x)))",
    "cat_of_a_number": "print(torch.cat(1))",
    "hstack_of_a_float": "print(torch.hstack([x, 1.5]))",
    # a reduction given a number, by position or by torch's and numpy's names for input
    "sum_of_a_number": "print(torch.sum(1))",
    "sum_of_a_keyword_number": "print(torch.sum(input=1))",
    "mean_of_a_numpy_named_number": "print(torch.mean(x1=1.5))",
    # @ takes tensors only
    "matmul_operator_number": "print(x @ 1)",
    "matmul_operator_number_on_the_left": "print(1.5 @ x)",
    "matmul_operator_in_place_number": "y = x\ny @= True",
    "matmul_function_number": "print(torch.matmul(x, 1))",
    "matmul_function_number_first": "print(torch.matmul(2, x))",
    "matmul_method_number": "print(x.matmul(1))",
    # one signature: the parser names the argument it refuses
    "transpose_str_dim": "print(torch.transpose(x, 'a', 0))",
    "transpose_method_str_dim": "print(x.transpose('a', 0))",
    "transpose_method_float_dim": "print(x.transpose(0, 1.5))",
    "transpose_str_dim_before_a_missing_one": "print(torch.transpose(x, 'a'))",
    "full_str_size_without_a_value": "print(torch.full(('a',)))",
    "mm_number": "print(torch.mm(x, 1))",
    "mm_method_number": "print(x.mm(1))",
    "eye_float": "print(torch.eye(2.5))",
    "eye_float_second": "print(torch.eye(2, 2.5))",
    # tuple of ints: the first element checked, the others unpacked (counted from 1), one by one after an int
    "view_str_in_sizes": "print(x.view((2, 'a')))",
    "view_str_one_by_one": "print(x.view(2, 'a'))",
    "view_str_first": "print(x.view('a', 2))",
    "view_float_first_in_tuple": "print(x.view((2.0, 3)))",
    "permute_str": "print(x.permute(0, 'a'))",
    "permute_str_first": "print(x.permute('a', 0))",
    "permute_function_str_first_in_tuple": "print(torch.permute(x, ('a', 0)))",
    "reshape_function_str_first": "print(torch.reshape(x, ('a',)))",
    "reshape_none": "print(x.reshape(-1, None))",
    "expand_str": "print(x.expand(2, 'a'))",
    "repeat_float": "print(x.repeat(2.5))",
    # factories: sizes, keywords and their types
    "full_str_first_size": "print(torch.full(('a',), 1.))",
    "full_str_size": "print(torch.full((2, 'a'), 1.))",
    "randn_str_first_size": "print(torch.randn(('a',)))",
    "randn_str_size": "print(torch.randn(2, 'a'))",
    "randn_str_sizes": "print(torch.randn('a', 'b'))",
    "randn_unknown_keyword": "print(torch.randn(2, foo=1))",
    "empty_str_size": "print(torch.empty(2, 2, 'a'))",
    "empty_str_sizes": "print(torch.empty('a', 'b'))",
    "zeros_bool_first": "print(torch.zeros(True))",
    "zeros_float_in_list": "print(torch.zeros([2, 2.5]))",
    "zeros_none_size": "print(torch.zeros(2, None))",
    "zeros_float_size_first": "print(torch.ones(2.5, 2))",
    "zeros_int_dtype": "print(torch.zeros(2, dtype=1))",
    "ones_str_dtype": "print(torch.ones(2, dtype='a'))",
    "ones_unknown_keyword_only": "print(torch.ones(x=1))",
    "ones_unknown_keyword": "print(torch.ones(2, foo=1))",
    "ones_keyword_size_str": "print(torch.ones(size='a'))",
    "ones_keyword_size_str_first": "print(torch.zeros(size=('a',)))",
    "eye_int_dtype": "print(torch.eye(2, dtype=1))",
    # a factory's sizes given one by one, on a device a CPU build has not: torch's parser takes the call, the
    # device check refuses it (recipes/benchmark.py's `torch.randn(10000, 1024, device='cuda')`)
    "randn_ints_cuda": "print(torch.randn(3, 4, device='cuda'))",
    "ones_ints_cuda": "print(torch.ones(2, 3, device='cuda'))",
    "zeros_ints_cuda_dtype": "print(torch.zeros(2, 3, dtype=torch.int64, device='cuda:0'))",
    "ones_ints_unknown_keyword": "print(torch.ones(2, 3, foo=1))",
}


def run(source):
    out, error = io.StringIO(), None
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(source, {"__name__": "__main__"})  # as a script runs
        except Exception as exc:  # noqa: BLE001 (what torch raises is the record)
            error = "%s: %s" % (type(exc).__name__, str(exc).split("\n")[0])
    return out.getvalue(), error


def main():
    cases = {}
    for name, body in CASES.items():
        stdout, error = run(SETUP + body + "\n")
        cases[name] = {"source": body, "stdout": stdout, "error": error}
    path = pathlib.Path(__file__).with_name("torch_words.json")
    path.write_text(json.dumps({"torch": torch.__version__, "setup": SETUP, "cases": cases}, indent=1) + "\n")


if __name__ == "__main__":
    main()
