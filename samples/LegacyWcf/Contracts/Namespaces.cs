namespace LegacyWcf.Contracts
{
    /// <summary>XML namespaces of the sample's contracts, kept in one place so service and data contracts agree.</summary>
    public static class Namespaces
    {
        /// <summary>Namespace of the service contracts.</summary>
        public const string Services = "http://migrate-wcf.samples/legacy";

        /// <summary>Namespace of the data contracts.</summary>
        public const string Data = "http://migrate-wcf.samples/legacy/data";
    }
}
