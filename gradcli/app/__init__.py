"""The library's front door, which the CLI sits on: everything here raises GradcliError and never prints.

    api        evaluate, run_script, why (gradcli.evaluate, ...)
    session    Session: the REPL's engine, one set of variables across inputs
    calculus   diff, jacobian, hessian, check, plot's values: symbolic derivatives checked against autograd
    isolation  scripts in worker processes under the operating system's limits (run_scripts, -j)
    workers/   runners (the parent's side), worker (the child's), server (the library's fork server)
"""
