"""HPC batch jobs: what a job script installs is read (held-out set 281, scientific HPC and MPI codes).

A SLURM, PBS or LSF job script starts its commands on the allocated nodes through a launcher (`srun`, `mpirun`,
`mpiexec`, TACC's `ibrun`, LSF's `jsrun`, Cray's `aprun`) or inside a container (`apptainer exec IMAGE …`,
`singularity exec IMAGE …`), and is often named for its scheduler (`job.slurm`, `run.pbs`). Before, none of those
launchers was known as one, so `srun -n 1 pip install --user x` named nothing, and a `.slurm` file was not read at all.
"""

from __future__ import annotations

import pytest

from depguard.commands.shell import split_commands, strip_wrappers
from tests.trees import judged, verdicts, write

# the shape of a cluster's job script (made up): modules loaded, then installs through the launchers
JOB = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
module purge
module load gcc/12 openmpi/4.1 python/3.11
srun -n 1 pip install --user dgx-invented-srun
srun --ntasks 1 --cpus-per-task 4 python -m pip install dgx-invented-srun-long
mpirun -np 1 --mca btl self,tcp python3 -m pip install dgx-invented-mpirun
mpiexec -genv OMP_NUM_THREADS 1 -n 1 pip install dgx-invented-mpiexec
ibrun -n 1 pip install dgx-invented-ibrun
singularity exec --nv -B /scratch:/scratch pytorch.sif pip install --user dgx-invented-in-container
apptainer exec docker://python:3.11 pip install dgx-invented-apptainer
singularity run pytorch.sif pip install never-a-command
srun -n 8 python train.py --epochs 10
mpirun -np 4 ./lmp -in in.lj
"""


def test_a_job_scripts_launchers_and_container_exec_run_the_command_they_start(tmp_path):
    write(tmp_path, {"jobs/train.sh": JOB})
    got = verdicts(judged(tmp_path, set()))
    assert got == {
        ("jobs/train.sh", "dgx-invented-srun"): "missing",
        ("jobs/train.sh", "dgx-invented-srun-long"): "missing",
        ("jobs/train.sh", "dgx-invented-mpirun"): "missing",
        ("jobs/train.sh", "dgx-invented-mpiexec"): "missing",
        ("jobs/train.sh", "dgx-invented-ibrun"): "missing",
        ("jobs/train.sh", "dgx-invented-in-container"): "missing",
        ("jobs/train.sh", "dgx-invented-apptainer"): "missing",
        ("jobs/train.sh", "python:3.11"): "missing",  # the image itself (apptainer's docker:// source), not served here
    }  # `singularity run IMAGE ARGS` hands ARGS to the image's runscript: no command of its own


def test_sbatch_wrap_is_the_job_script_it_submits(tmp_path):
    write(tmp_path, {"submit.sh": 'sbatch -N 1 --wrap="pip install --user dgx-invented-wrapped"\n'
                                  "sbatch --time 10 --wrap 'python -m pip install dgx-invented-wrapped-too'\n"
                                  "sbatch -N 1 train.sbatch pip install never-a-command\n"})  # the script's arguments
    assert verdicts(judged(tmp_path, set())) == {("submit.sh", "dgx-invented-wrapped"): "missing",
                                                 ("submit.sh", "dgx-invented-wrapped-too"): "missing"}


@pytest.mark.parametrize("script", [
    "salloc -N 1 -t 30 pip install x",
    "srun -N 2 -n 8 --gres=gpu:4 pip install x",
    "mpirun --mca pml ucx -x LD_LIBRARY_PATH --bind-to core -np 4 pip install x",
    "mpiexec.hydra -ppn 4 -genv I_MPI_DEBUG 5 pip install x",
    "jsrun -n 1 -a 1 -c 7 -g 1 pip install x",
    "aprun -n 1 -N 1 -cc none pip install x",
])
def test_a_launchers_options_and_their_values_are_passed_over(script):
    assert strip_wrappers(split_commands(script)[0])[0].text == "pip"


@pytest.mark.parametrize("name", ["submit.slurm", "run.sbatch", "job.pbs", "hpc.lsf", "go.qsub", "train.job"])
def test_a_job_script_named_for_its_scheduler_is_read_by_its_shebang(tmp_path, name):
    write(tmp_path, {
        f"jobs/{name}": "#!/bin/bash -l\n#SBATCH -N 1\nmodule load python\npip install --user dgx-invented-job-dep\n",
        "jobs/py.slurm": "#!/usr/bin/env python3\nimport os\n# pip install never-read-in-python\n",  # not shell
        "jobs/plain.slurm": "pip install never-read-without-a-shebang\n",  # sbatch refuses it: no #! line
        "jobs/notes.foo": "#!/bin/bash\npip install never-read-another-suffix\n",
    })
    assert verdicts(judged(tmp_path, set())) == {(f"jobs/{name}", "dgx-invented-job-dep"): "missing"}
