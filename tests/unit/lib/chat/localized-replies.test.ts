import { englishReply } from '@/lib/chat/localized-replies';
import ta from '@/messages/ta.json';
import ru from '@/messages/ru.json';

describe('replies in other languages reach the English agent', () => {
  it('maps translated confirm and change buttons and a plain yes', () => {
    expect(englishReply(ta.Chat.confirmReply)).toBe('yes');
    expect(englishReply(ru.Chat.changeReply)).toBe('no, I want to change something');
    expect(englishReply(' Да! ')).toBe('yes');
    expect(englishReply('はい')).toBe('yes');
  });
  it('maps translated vehicle names to the vehicle type', () => {
    expect(englishReply(ta.VehicleTypes.sedan)).toBe('sedan');
    expect(englishReply(ru.VehicleTypes.suv)).toBe('suv');
  });
  it('leaves everything else as it is', () => {
    expect(englishReply('sedan from Chennai to Bangalore at 8 PM')).toBe('sedan from Chennai to Bangalore at 8 PM');
  });
});
