# SPDX-License-Identifier: Apache-2.0
"""start_async/wait, callbacks with userdata, AsyncInferQueue and threads."""
import threading

import numpy as np
import pytest

import openvino as ov
from conftest import PIZZA_CLASS


def test_start_async_and_wait(squeezenet_cpu, pizza):
    request = squeezenet_cpu.create_infer_request()
    request.start_async({0: pizza})
    request.wait()
    assert int(np.argmax(request.get_output_tensor(0).data)) == PIZZA_CLASS
    assert int(np.argmax(request.results[0])) == PIZZA_CLASS
    assert request.wait_for(0)


def test_callback_gets_userdata(squeezenet_cpu, pizza):
    request = squeezenet_cpu.create_infer_request()
    seen = []
    done = threading.Event()

    def finished(userdata):
        seen.append((userdata, int(np.argmax(request.get_output_tensor().data))))
        done.set()

    request.set_callback(finished, "the pizza")
    request.start_async(pizza)
    request.wait()
    assert done.wait(30)
    assert seen == [("the pizza", PIZZA_CLASS)]


def test_async_infer_queue(squeezenet_cpu, pizza):
    queue = ov.AsyncInferQueue(squeezenet_cpu, 3)
    assert len(queue) == 3 and queue.is_ready()
    classes = {}
    lock = threading.Lock()

    def finished(request, userdata):
        with lock:
            classes[userdata] = int(np.argmax(request.get_output_tensor().data))

    queue.set_callback(finished)
    for job in range(8):
        queue.start_async({0: pizza}, userdata=job)
    queue.wait_all()
    assert classes == {job: PIZZA_CLASS for job in range(8)}
    assert all(isinstance(request, ov.InferRequest) for request in queue)
    assert 0 <= queue.get_idle_request_id() < 3


def test_async_error_surfaces_in_wait(squeezenet_cpu):
    request = squeezenet_cpu.create_infer_request()
    with pytest.raises(RuntimeError):
        request.start_async({0: np.zeros((1, 3, 10, 10), dtype=np.float32)})


def test_one_compiled_model_from_several_threads(squeezenet_cpu, pizza):
    answers = []
    errors = []

    def worker():
        try:
            request = squeezenet_cpu.create_infer_request()
            for _ in range(2):
                answers.append(int(np.argmax(request.infer({0: pizza})[0])))
        except Exception as error:  # noqa: BLE001 (reported below)
            errors.append(error)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert answers == [PIZZA_CLASS] * 6
