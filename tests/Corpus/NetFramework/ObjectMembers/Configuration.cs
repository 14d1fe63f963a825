using System.Collections;
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Litware.Platform.Settings
{
    [DataContract]
    public class SettingValue
    {
        [DataMember] public string Key { get; set; }
        [DataMember] public object Value { get; set; }
        [DataMember] public object[] History { get; set; }
    }

    [DataContract]
    public class SettingsSnapshot
    {
        [DataMember] public Hashtable Legacy { get; set; }
        [DataMember] public ArrayList Tags { get; set; }
        [DataMember] public Dictionary<string, object> Bag { get; set; }
        [DataMember] public List<SettingValue> Values { get; set; }
    }

    [ServiceContract]
    public interface ISettingsStore
    {
        [OperationContract]
        object GetValue(string key);

        [OperationContract]
        void SetValue(string key, object value);

        [OperationContract]
        SettingsSnapshot Snapshot();
    }
}
