"""Images .NET code starts: a .NET Aspire app host's ``AddContainer``/``WithImage`` and Testcontainers' ``WithImage``
(held-out set 278: dotnet/aspire-samples' Metrics app host ``builder.AddContainer("prometheus", "prom/prometheus",
"v3.2.1")``, davidfowl/TodoApi's ``AddContainer("sqliteweb", "tomdesinto/sqliteweb")``; no format read them, so an
invented image there went unjudged)."""

from __future__ import annotations

from depguard.parsers import Source, formats_for, get_format

APPHOST = '''using Aspire.Hosting;

var builder = DistributedApplication.CreateBuilder(args);

var prometheus = builder.AddContainer("prometheus", "prom/prometheus", "v3.2.1")
       .WithBindMount("../prometheus", "/etc/prometheus", isReadOnly: true);

var grafana = builder.AddContainer("grafana", "acme/imagined-grafana")
                     .WithHttpEndpoint(targetPort: 3000, name: "http");

// builder.AddContainer("old", "acme/commented-out");
var web = builder.AddContainer("web", image: "nginx", tag: "1.27");
var app = builder.AddDockerfile("ginapp", "./ginapp");
var local = builder.AddContainer("x", imageName);
builder.Build().Run();
'''

EXTENSIONS = '''public static class HealthChecksUIExtensions
{
    public static IResourceBuilder<HealthChecksUIResource> AddHealthChecksUI(this IDistributedApplicationBuilder builder,
        string name)
    {
        return builder.AddResource(new HealthChecksUIResource(name))
            .WithImage(HealthChecksUIDefaults.ContainerImageName, HealthChecksUIDefaults.ContainerImageTag)
            .WithImageRegistry(HealthChecksUIDefaults.ContainerRegistry);
    }
}

public static class HealthChecksUIDefaults
{
    public const string ContainerRegistry = "docker.io";
    public const string ContainerImageName = "xabarilcoding/healthchecksui";
    public const string ContainerImageTag = "5.0.0";
}
'''

TESTS = '''using DotNet.Testcontainers.Builders;
using Testcontainers.PostgreSql;

public sealed class DbFixture
{
    private readonly PostgreSqlContainer _db = new PostgreSqlBuilder().WithImage("postgres:16-alpine").Build();
    private readonly IContainer _queue = new ContainerBuilder()
        .WithImage(@"acme/imagined-queue:2")
        .Build();
}
'''


def _images(text: str, path: str = "AppHost.cs") -> list[tuple[str, str | None, int]]:
    source = Source(path, text)
    return [(m.key.name, m.spec, m.location.line) for m in get_format("dotnet-containers").parse(source)]


def test_an_app_hosts_containers_are_docker_images():
    assert "dotnet-containers" in [f.name for f in formats_for("src/AppHost/AppHost.cs")]
    assert _images(APPHOST) == [("prom/prometheus", "v3.2.1", 5), ("acme/imagined-grafana", None, 8),
                                ("library/nginx", "1.27", 12)]


def test_with_image_reads_the_files_constants_and_its_registry():
    # aspire-samples' health-checks-ui: the image, tag and registry are constants of the same file
    assert _images(EXTENSIONS, "HealthChecksUIExtensions.cs") == [("xabarilcoding/healthchecksui", "5.0.0", 7)]


def test_testcontainers_images_are_read_and_a_pictures_with_image_is_not():
    assert _images(TESTS, "tests/DbFixture.cs") == [("library/postgres", "16-alpine", 6),
                                                    ("acme/imagined-queue", "2", 8)]
    # a builder of another library whose WithImage takes a picture, in a file about no container
    card = 'var card = new CardBuilder().WithTitle("Hi").WithImage("acme/banner").WithImage("img/logo.png");\n'
    assert _images(card, "Card.cs") == []
    assert _images("using Testcontainers.Redis;\n" + card, "Card.cs") == [("acme/banner", None, 2)]


def test_an_unclosed_call_and_an_interpolated_image_name_nothing():
    text = 'var b = DistributedApplication.CreateBuilder(args);\nb.AddContainer("a", $"acme/{name}");\nb.AddContainer("b", "acme/x"\n'
    assert _images(text) == []
