"""MSBuild's ``<Exec Command="…">`` tasks run shell commands when the project builds: ASP.NET Core's SPA templates'
``npm install`` (probed for held-out set 278; nothing read them, so an invented package a build installs went
unjudged)."""

from __future__ import annotations

from depguard.parsers import Source, formats_for, get_format

SPA = '''<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup>
    <SpaRoot>ClientApp\\</SpaRoot>
  </PropertyGroup>
  <Target Name="DebugEnsureNodeEnv" BeforeTargets="Build" Condition=" '$(Configuration)' == 'Debug' ">
    <Exec Command="node --version" ContinueOnError="true" />
    <Exec WorkingDirectory="$(SpaRoot)" Command="npm install" />
  </Target>
  <Target Name="PublishRunWebpack" AfterTargets="ComputeFilesToPublish">
    <Exec WorkingDirectory="$(SpaRoot)" Command="npm install -g acme-imagined-cli &amp;&amp; npx acme-imagined-runner build" />
    <Exec Command='dotnet tool install --global Acme.Imagined.Tool > tool.log' />
    <Exec Command="echo &quot;pip install not-a-command&quot;" />
  </Target>
</Project>
'''


def test_exec_commands_are_read_as_shell_commands():
    assert "msbuild-exec" in [f.name for f in formats_for("src/Web/Web.csproj")]
    found = list(get_format("msbuild-exec").parse(Source("src/Web/Web.csproj", SPA)))
    assert sorted((m.key.ecosystem, m.key.name, m.location.line) for m in found) == [
        ("npm", "acme-imagined-cli", 10), ("npm", "acme-imagined-runner", 10), ("nuget", "acme.imagined.tool", 11)]


def test_a_project_without_exec_and_an_exec_without_a_command_read_nothing():
    assert list(get_format("msbuild-exec").parse(Source("a.csproj", "<Project><Exec Condition=\"x > 1\" /></Project>"))) == []
    assert list(get_format("msbuild-exec").parse(Source("a.csproj", "<Project>" + "<Exec " * 50 + "</Project>"))) == []
