using System.Diagnostics;
using System.Text;

namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>Everything a process wrote to stdout and stderr, in arrival order, readable while it runs.</summary>
internal sealed class ProcessOutput
{
    private readonly StringBuilder _text = new();
    private readonly Lock _gate = new();

    public void Attach(Process process)
    {
        process.OutputDataReceived += (_, e) => Append(e.Data);
        process.ErrorDataReceived += (_, e) => Append(e.Data);
    }

    /// <summary>A position to read from later with <see cref="Since"/>.</summary>
    public int Mark()
    {
        lock (_gate)
        {
            return _text.Length;
        }
    }

    public string Since(int mark)
    {
        lock (_gate)
        {
            return _text.ToString(mark, _text.Length - mark);
        }
    }

    public override string ToString() => Since(0);

    public event Action<string>? LineReceived;

    private void Append(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_gate)
        {
            _text.AppendLine(line);
        }

        LineReceived?.Invoke(line);
    }
}
