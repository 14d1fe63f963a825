namespace LegacyWcf.Client
{
    internal static class Program
    {
        private static int Main(string[] args) => 0;
    }
}
