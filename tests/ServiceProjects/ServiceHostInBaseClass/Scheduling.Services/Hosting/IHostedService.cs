namespace Scheduling.Services.Hosting
{
    /// <summary>
    /// A WCF service the Windows service starts and stops.
    /// </summary>
    public interface IHostedService
    {
        string Name { get; }

        void Start();

        void Stop();
    }
}
