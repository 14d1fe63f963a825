namespace LegacyWcf.Host
{
    internal static class Program
    {
        private static int Main(string[] args) => 0;
    }
}
